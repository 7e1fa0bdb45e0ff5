import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import { checkFlowAnswers } from '../flows/flowAnswers.ts';
import type { ApplicationFlow } from '../flows/registry.ts';
import type { FieldError } from '../http/errors.ts';
import { VALIDATION_MESSAGE } from '../http/errors.ts';
import type { GuardedOutcome } from '../idempotency/guard.ts';
import { marketOf } from '../platform/brands.ts';
import type { Tariff } from '../tariffs/index.ts';
import { rate, type RatingResult } from '../tariffs/index.ts';
import { ruleContextOf, type Caller } from './caller.ts';

/** Messages a quote lets pass: answers not given yet (the browser asks for a price early). */
const NOT_YET_GIVEN = new Set(['required', 'trimmedRequired', 'minItems']);

/** A priced (or refused) set of checked answers. */
export interface PricedAnswers {
  /** The checked, normalised answers, keyed by step. */
  answers: Record<string, Record<string, unknown>>;
  rating: Exclude<RatingResult, { kind: 'incomplete' }>;
  /** The tariff that priced them: the flow's in the currency of the caller's brand. */
  tariff: Tariff;
}

const validation = (fieldErrors: FieldError[]): GuardedOutcome => ({
  status: 400,
  body: { error: 'validation', message: VALIDATION_MESSAGE, fieldErrors },
});

/**
 * Checks a flow's answers as the browser does (the same definition and validation module) and
 * prices them with the flow's tariff. `complete` is a submission: every visible step must be
 * answered. Otherwise it is a quote: what is given must be valid, what is missing is left to
 * the tariff, which names the answers it needs. The tariff is the flow's in the currency of the
 * caller's brand (a Swiss brand prices in CHF). Answers the priced answers, or the 400 (field
 * errors under /body/antworten) or 404 to send.
 */
export function priceAnswers(
  application: ApplicationFlow,
  caller: Caller,
  antworten: unknown,
  today: string,
  complete: boolean,
): PricedAnswers | GuardedOutcome {
  const checked = checkFlowAnswers(application.flow, antworten, ruleContextOf(caller, today));
  const toBody = (path: string): string => path.replace(/^\/body/, '/body/antworten');
  if (!checked.ok) {
    const errors = checked.fieldErrors.filter(
      (error) => complete || !NOT_YET_GIVEN.has(error.keyword),
    );
    if (errors.length > 0 || !checked.answers)
      return validation(errors.map((error) => ({ ...error, path: toBody(error.path) })));
  }
  const answers = checked.answers ?? {};
  // The brand prices in its market's currency, with the flow's tariff in that currency.
  const tariff = application.tariffIn(marketOf(caller.brand).currency);
  if (!tariff)
    return {
      status: 404,
      body: {
        error: 'not-found',
        message: 'Für diesen Antrag können wir online keinen Beitrag berechnen.',
      },
    };
  const rating = rate(tariff, answers, {
    today,
    variant: caller.variant,
    brand: caller.brand,
    catalogues: application.catalogues,
  });
  if (rating.kind === 'incomplete')
    return validation(
      rating.missing.map((missing) => ({
        path: missing.answer
          ? `/body/antworten/${missing.answer.replace(/\./g, '/')}`
          : '/body/antworten',
        keyword: 'required',
        message: common.validation.required,
      })),
    );
  return { answers, rating, tariff };
}

/** Narrows the result of {@link priceAnswers}. */
export const isPriced = (value: PricedAnswers | GuardedOutcome): value is PricedAnswers =>
  'rating' in value;
