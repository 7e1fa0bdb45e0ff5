import {
  CATALOGUES_SCOPE,
  collectVarReferences,
  evaluateRule,
  parseIsoDate,
  type CatalogueLookup,
} from '#engine';
import { repositoryCatalogues } from '../finders/catalogues.ts';
import type { Rating, RatingInput } from '../../../../generated/types/tariff.ts';
import type { RatingValue, WorksheetInput } from './worksheet.ts';

/** What rating reads besides the answers: today's date, and the flow's variant and brand. */
export interface RatingContext {
  /** ISO date of the quote (the server's injectable clock). */
  today: string;
  /**
   * The catalogues an input may read ({"catalogue": [...]}: a dog's breed, a business type); the
   * server passes those of its definitions (its tariff catalogue's). Default: the repository's.
   */
  catalogues?: CatalogueLookup;
  variant?: string | null;
  brand?: string | null;
}

/** An input the answers do not give: its name and, when the rule reads one, the answer's path. */
export interface MissingInput {
  input: string;
  /** Dotted path of the answer the input reads (step.field), if its rule reads one. */
  answer: string | null;
}

/** The inputs of a rating, or what is missing. */
export type InputsResult =
  | { ok: true; values: Record<string, RatingValue>; worksheet: WorksheetInput[] }
  | { ok: false; missing: MissingInput[] };

/** A rule's value as the input's declared type: null when empty, undefined when of another type. */
export function typed(input: RatingInput, value: unknown): RatingValue | undefined {
  if (value === undefined || value === null || value === '') return null;
  switch (input.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'date':
      return typeof value === 'string' && parseIsoDate(value) !== undefined ? value : undefined;
    case 'string':
      return typeof value === 'string' ? value : undefined;
  }
}

/** The first answer (step.field) an input's rule reads, for naming what is missing. */
function answerRead(input: RatingInput): string | null {
  const reference = collectVarReferences(input.value).find((r) => r.path.startsWith('answers.'));
  return reference ? reference.path.slice('answers.'.length) : null;
}

/**
 * Computes the inputs of a rating from the checked answers (keyed by step, then field): each
 * input's rule over `answers`, `today`, `variant` and `brand`, typed as the tariff declares. A
 * required input that is empty or of another type is missing.
 */
export function ratingInputs(
  rating: Rating,
  answers: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  context: RatingContext,
): InputsResult {
  const scope = {
    answers,
    today: context.today,
    variant: context.variant ?? null,
    brand: context.brand ?? null,
    [CATALOGUES_SCOPE]: context.catalogues ?? repositoryCatalogues(),
  };
  const values: Record<string, RatingValue> = {};
  const worksheet: WorksheetInput[] = [];
  const missing: MissingInput[] = [];
  for (const [name, input] of Object.entries(rating.inputs)) {
    if (!input) continue;
    const value = typed(input, evaluateRule(input.value, scope));
    if (value === undefined || (value === null && input.optional !== true)) {
      missing.push({ input: name, answer: answerRead(input) });
      continue;
    }
    values[name] = value;
    worksheet.push({ name, bezeichnung: input.label, wert: value });
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, values, worksheet };
}
