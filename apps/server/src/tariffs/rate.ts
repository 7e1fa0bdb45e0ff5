import { collectVarReferences, roundHalfAway, ruleHolds, type Rule } from '#engine';
import type { Rating, RatingStep, Tariff } from '../../../../generated/types/tariff.ts';
import { ratingInputs, type MissingInput, type RatingContext } from './inputs.ts';
import { evaluateOperand, NO_PRICE_REASON, operandReads } from './operands.ts';
import type {
  RatingValue,
  Worksheet,
  WorksheetCheck,
  WorksheetInput,
  WorksheetStep,
} from './worksheet.ts';

/** What a rating run found. */
export type RatingResult =
  /** The answers lack what the tariff reads (or the tariff has no rating). */
  | { kind: 'incomplete'; missing: MissingInput[] }
  /**
   * Not insurable (online): the German reason, the answers (`step.field`) the refusing rule read
   * through its inputs, and the worksheet up to where it stopped.
   */
  | { kind: 'refused'; grund: string; felder: string[]; worksheet: Worksheet }
  /** Priced: premium per payment and per year, the declared outputs, and the worksheet. */
  | {
      kind: 'priced';
      beitrag: number;
      jahresbeitrag: number;
      outputs: Record<string, RatingValue>;
      worksheet: Worksheet;
    };

function apply(op: RatingStep['op'], current: number, value: number): number {
  switch (op) {
    case 'set':
      return value;
    case 'add':
      return current + value;
    case 'subtract':
      return current - value;
    case 'multiply':
      return current * value;
    case 'divide':
      return current / value;
    case 'discount':
      return current * (1 - value);
    case 'surcharge':
      return current * (1 + value);
    case 'atLeast':
      return Math.max(current, value);
    case 'atMost':
      return Math.min(current, value);
    case 'round':
      return current;
  }
}

/** Runs the routine's steps over the inputs; the variables, or the reason it stopped. */
function runSteps(
  tariff: Tariff,
  rating: Rating,
  inputs: Readonly<Record<string, RatingValue>>,
  today: string,
  recorded: WorksheetStep[],
):
  { ok: true; variables: Record<string, number> } | { ok: false; reason: string; reads: string[] } {
  const variables: Record<string, number> = {};
  for (const step of rating.steps) {
    const scope = { ...inputs, ...variables, today };
    const entry: WorksheetStep = {
      id: step.id,
      bezeichnung: step.label,
      operation: step.op,
      ziel: step.target,
      ausgefuehrt: false,
    };
    recorded.push(entry);
    if (step.when !== undefined && !ruleHolds(step.when, scope)) continue;
    entry.ausgefuehrt = true;
    const current = variables[step.target];
    if (step.op !== 'set' && current === undefined)
      return { ok: false, reason: NO_PRICE_REASON, reads: [] };
    if (step.op === 'round') {
      const scale = step.scale ?? 2;
      variables[step.target] = roundHalfAway(current ?? 0, scale);
      entry.stellen = scale;
      entry.ergebnis = variables[step.target];
      continue;
    }
    if (step.value === undefined) return { ok: false, reason: NO_PRICE_REASON, reads: [] };
    const operand = evaluateOperand(tariff, step.value, scope);
    if (!operand.ok) return { ok: false, reason: operand.reason, reads: stepReads(tariff, step) };
    const result = apply(step.op, current ?? 0, operand.value);
    if (!Number.isFinite(result)) return { ok: false, reason: NO_PRICE_REASON, reads: [] };
    variables[step.target] = result;
    entry.wert = operand.value;
    entry.quelle = operand.source;
    entry.ergebnis = result;
  }
  return { ok: true, variables };
}

/** The names of the scope (inputs) a rule reads. */
const ruleReads = (rule: unknown): string[] =>
  collectVarReferences(rule as Rule).map(({ path }) => path.split('.')[0] ?? '');

/** The names of the scope a step of the routine reads: its operand's and its condition's. */
function stepReads(tariff: Tariff, step: RatingStep): string[] {
  return [
    ...(step.value === undefined ? [] : operandReads(tariff, step.value)),
    ...(step.when === undefined ? [] : ruleReads(step.when)),
  ];
}

/**
 * The answers (`step.field`, without list indexes) behind these names of the scope, the most
 * direct first: an input's own answers, a variable's through the steps that set it. A refusal
 * names them, so the customer is led back to the answer that caused it.
 */
function answersRead(tariff: Tariff, rating: Rating, names: readonly string[]): string[] {
  const inputs = rating.inputs as Record<string, { value?: unknown }>;
  const found = new Set<string>();
  const seen = new Set<string>();
  const pending = [...names];
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    if (seen.has(name)) continue;
    seen.add(name);
    for (const step of rating.steps)
      if (step.target === name) pending.push(...stepReads(tariff, step));
    const input = inputs[name];
    if (!input || input.value === undefined) continue;
    for (const read of collectVarReferences(input.value as Rule))
      if (read.path.startsWith('answers.'))
        found.add(read.path.slice('answers.'.length).split('.').slice(0, 2).join('.'));
  }
  return [...found];
}

/**
 * Prices a flow's checked answers with the tariff's rating: the inputs from the answers, the
 * insurability rules in order, then the rate routine step by step. Every value used goes into
 * the rating worksheet. Pure: today comes in with the context.
 */
export function rate(
  tariff: Tariff,
  answers: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  context: RatingContext,
): RatingResult {
  const rating = tariff.rating;
  if (!rating) return { kind: 'incomplete', missing: [] };
  const inputs = ratingInputs(rating, answers, context);
  if (!inputs.ok) return { kind: 'incomplete', missing: inputs.missing };
  return rateInputs(tariff, rating, inputs, context.today);
}

/**
 * The one rate routine behind {@link rate} (an application's answers) and rateContract (a
 * contract with changes): the insurability rules in order, then the steps, over inputs however
 * they were computed; every value used goes into the worksheet.
 */
export function rateInputs(
  tariff: Tariff,
  rating: Rating,
  inputs: { values: Record<string, RatingValue>; worksheet: WorksheetInput[] },
  today: string,
): RatingResult {
  const worksheet: Worksheet = {
    tarif: {
      id: tariff.id,
      version: tariff.version,
      gueltigAb: tariff.validFrom,
      waehrung: tariff.currency,
    },
    stichtag: today,
    eingaben: inputs.worksheet,
    pruefungen: [],
    schritte: [],
  };
  const scope = { ...inputs.values, today: today };
  for (const rule of rating.insurable ?? []) {
    const check: WorksheetCheck = {
      id: rule.id,
      grund: rule.reason,
      erfuellt: ruleHolds(rule.rule, scope),
    };
    worksheet.pruefungen.push(check);
    if (!check.erfuellt)
      return {
        kind: 'refused',
        grund: rule.reason,
        felder: answersRead(tariff, rating, ruleReads(rule.rule)),
        worksheet,
      };
  }
  const run = runSteps(tariff, rating, inputs.values, today, worksheet.schritte);
  if (!run.ok)
    return {
      kind: 'refused',
      grund: run.reason,
      felder: answersRead(tariff, rating, run.reads),
      worksheet,
    };
  const { beitrag, jahresbeitrag } = run.variables;
  if (beitrag === undefined || jahresbeitrag === undefined)
    return { kind: 'refused', grund: NO_PRICE_REASON, felder: [], worksheet };
  const outputs: Record<string, RatingValue> = {};
  for (const name of rating.outputs ?? [])
    outputs[name] = run.variables[name] ?? inputs.values[name] ?? null;
  return { kind: 'priced', beitrag, jahresbeitrag, outputs, worksheet };
}
