import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import {
  createAjv,
  irrelevantKeys,
  lookupText,
  normalizeAnswers,
  problemMessage,
  stepProblems,
  textLookup,
  visibleSteps,
  withoutIrrelevant,
  type Bundles,
  type Market,
  type WizardDefinition,
} from '#engine';
import type { FieldError } from '../http/errors.ts';

/** A flow the server checks answers of: its self-contained definition, validators and texts. */
export interface ServerFlow {
  definition: WizardDefinition;
  validators: ReadonlyMap<string, ValidateFunction>;
  bundles: Bundles;
}

/** Loads a flow from generated/definitions and its texts, compiling each step schema once. */
export function loadServerFlow(id: string, root = process.cwd()): ServerFlow {
  const definition = JSON.parse(
    readFileSync(resolve(root, `generated/definitions/${id}.json`), 'utf8'),
  ) as WizardDefinition;
  const ajv = createAjv();
  const validators = new Map<string, ValidateFunction>();
  for (const step of definition.steps)
    if (step.form) validators.set(step.id, ajv.compile(step.form.schema));
  const bundle = (ns: string): unknown =>
    JSON.parse(readFileSync(resolve(root, `definitions/locales/de/${ns}.json`), 'utf8'));
  const bundles = new Map([
    ['common', bundle('common')],
    [definition.i18nNamespace, bundle(definition.i18nNamespace)],
  ]);
  return { definition, validators, bundles };
}

/**
 * The context answers are checked in, as the browser builds it: what rules read (variant, brand,
 * role, route, today, contract) and the brand's market, which the keywords postcode and debitIban
 * check against and the messages are written in.
 */
export type CheckContext = Record<string, unknown> & { market: Market };

/** The outcome of checking a flow's answers. */
export type AnswersCheck =
  | { ok: true; answers: Record<string, Record<string, unknown>> }
  | { ok: false; fieldErrors: FieldError[]; answers?: Record<string, Record<string, unknown>> };

/**
 * Checks the answers of a flow as the browser does, with the same definition and validation
 * module: only visible steps, irrelevant keys dropped, each step's schema, offered options; the
 * answers come back normalised; messages are in the market's words (CHF, ss). Unknown or hidden
 * steps are errors.
 */
export function checkFlowAnswers(
  flow: ServerFlow,
  body: unknown,
  context: CheckContext,
): AnswersCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      fieldErrors: [
        {
          path: '/body',
          keyword: 'type',
          message:
            lookupText(flow.bundles, 'validation.type', 'common') ??
            'Bitte prüfen Sie Ihre Eingaben.',
        },
      ],
    };
  }
  const data = body as Record<string, Record<string, unknown>>;
  const input = { data, context };
  const visible = visibleSteps(flow.definition, input).filter((s) => s.form);
  const fieldErrors: FieldError[] = [];
  for (const key of Object.keys(data)) {
    if (!visible.some((s) => s.id === key))
      fieldErrors.push({
        path: `/body/${key}`,
        keyword: 'additionalProperties',
        message: lookupText(flow.bundles, 'validation.additionalProperties', 'common') ?? '',
      });
  }
  const answers: Record<string, Record<string, unknown>> = {};
  const texts = textLookup(flow.bundles, flow.definition.i18nNamespace, context.market);
  for (const step of visible) {
    const validate = flow.validators.get(step.id);
    const stepAnswers =
      typeof data[step.id] === 'object' && data[step.id] !== null
        ? (data[step.id] as Record<string, unknown>)
        : {};
    const irrelevant = irrelevantKeys(step, input);
    if (!validate) continue;
    for (const problem of stepProblems(step, validate, stepAnswers, irrelevant, input)) {
      fieldErrors.push({
        path: `/body/${step.id}/${problem.path.replace(/\./g, '/')}`,
        keyword: problem.keys[0]?.split('.').pop() ?? 'invalid',
        message: problemMessage(problem, texts),
      });
    }
    answers[step.id] = normalizeAnswers(
      step.form?.schema ?? {},
      withoutIrrelevant(stepAnswers, irrelevant),
    );
  }
  return fieldErrors.length > 0 ? { ok: false, fieldErrors, answers } : { ok: true, answers };
}
