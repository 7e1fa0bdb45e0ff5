import type { Rule } from '../rules/evaluate.ts';
import { collectVarReferences } from '../rules/references.ts';
import type { Step, WizardDefinition } from '../definition/types.ts';
import type { WizardState } from './state.ts';

type FormData = WizardState['formData'];

/** One answer: a step's top-level field (`data.<step>.<field>`). */
export interface AnswerRef {
  step: string;
  field: string;
}

/**
 * The answers a set of rules reads: top-level fields per step, and whether a rule reads answers
 * it cannot name (a computed path, the whole `data` or a whole step): then any answer counts.
 */
export interface Reads {
  readonly any: boolean;
  /** Step id to the fields read in it. */
  readonly fields: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Which rules read which answers: built once per definition from the rules' `var` references. */
export interface RuleDependencies {
  /** Every step's `visibleWhen` (which steps are shown). */
  readonly visibility: Reads;
  /** Per step, its `irrelevantWhen` rules (which of its fields are hidden; a list's item rules read the list). */
  readonly irrelevant: ReadonlyMap<string, Reads>;
  /** Per step, its `requiredWhen` rules (which of its fields are required now). */
  readonly required: ReadonlyMap<string, Reads>;
  /** Per step and field, the rules that compute something of that field (options, item counts). */
  readonly field: ReadonlyMap<string, ReadonlyMap<string, Reads>>;
  /** Per step, the fields the engine fills (derive, read-only): they may change with any answer. */
  readonly filled: ReadonlyMap<string, readonly string[]>;
}

const NOTHING: Reads = { any: false, fields: new Map() };

class ReadsBuilder {
  any = false;
  readonly fields = new Map<string, Set<string>>();

  add(rule: Rule | undefined): this {
    if (rule === undefined) return this;
    for (const ref of collectVarReferences(rule)) {
      // A path computed from its first segment on (`{"var": {"cat": ["da", "ta.x"]}}`) may read
      // any answer.
      if (ref.dynamic && 'data.'.startsWith(ref.path)) {
        this.any = true;
        continue;
      }
      const [root, step, field] = ref.path.split('.');
      if (root !== 'data') continue;
      const named = step !== undefined && step !== '' && field !== undefined && field !== '';
      // `data.<step>.<prefix>` computed: the field is not known; `data.<step>` alone reads all.
      if (!named || (ref.dynamic && ref.path.split('.').length <= 3)) {
        this.any = true;
        continue;
      }
      let set = this.fields.get(step);
      if (!set) this.fields.set(step, (set = new Set()));
      set.add(field);
    }
    return this;
  }

  addField(step: string, field: string): this {
    let set = this.fields.get(step);
    if (!set) this.fields.set(step, (set = new Set()));
    set.add(field);
    return this;
  }

  build(): Reads {
    return this.any || this.fields.size > 0 ? { any: this.any, fields: this.fields } : NOTHING;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function irrelevantReads(step: Step): Reads {
  const reads = new ReadsBuilder();
  for (const [key, rule] of Object.entries(step.form?.irrelevantWhen ?? {})) {
    reads.add(rule as Rule);
    // `<list>.<field>` decides per item of the list: the list's own answer is read too.
    const [list, field] = key.split('.');
    if (list && field) reads.addField(step.id, list);
  }
  return reads.build();
}

function fieldReads(step: Step): Map<string, Reads> {
  const form = step.form;
  const byField = new Map<string, ReadsBuilder>();
  const of = (field: string): ReadsBuilder => {
    let reads = byField.get(field);
    if (!reads) byField.set(field, (reads = new ReadsBuilder()));
    return reads;
  };
  for (const [field, rule] of Object.entries(form?.optionsWhen ?? {})) of(field).add(rule as Rule);
  for (const [field, from] of Object.entries(form?.optionsFrom ?? {}))
    if (from)
      of(field)
        .add(from.list as Rule)
        .add(from.when as Rule | undefined);
  for (const [field, counts] of Object.entries(form?.itemCounts ?? {}))
    if (counts)
      of(field)
        .add(counts.min as Rule | undefined)
        .add(counts.max as Rule | undefined);
  return new Map([...byField].map(([field, reads]) => [field, reads.build()]));
}

function filledOf(step: Step): string[] {
  const properties = step.form?.schema['properties'];
  if (!isRecord(properties)) return [];
  return Object.entries(properties)
    .filter(
      ([field, schema]) =>
        step.form?.derive?.[field] !== undefined ||
        (isRecord(schema) && schema['readOnly'] === true),
    )
    .map(([field]) => field);
}

function collect(definition: WizardDefinition): RuleDependencies {
  const visibility = new ReadsBuilder();
  for (const step of definition.steps) visibility.add(step.visibleWhen as Rule | undefined);
  const irrelevant = new Map<string, Reads>();
  const required = new Map<string, Reads>();
  const field = new Map<string, Map<string, Reads>>();
  const filled = new Map<string, string[]>();
  for (const step of definition.steps) {
    irrelevant.set(step.id, irrelevantReads(step));
    const when = new ReadsBuilder();
    for (const rule of Object.values(step.form?.requiredWhen ?? {})) when.add(rule as Rule);
    required.set(step.id, when.build());
    field.set(step.id, fieldReads(step));
    const engineFilled = filledOf(step);
    if (engineFilled.length > 0) filled.set(step.id, engineFilled);
  }
  return { visibility: visibility.build(), irrelevant, required, field, filled };
}

const cache = new WeakMap<WizardDefinition, RuleDependencies>();

/**
 * The dependency index of a definition (computed once per definition): which answers each kind
 * of rule reads, so that a change of one answer re-evaluates only the rules that read it.
 */
export function ruleDependencies(definition: WizardDefinition): RuleDependencies {
  let found = cache.get(definition);
  if (!found) {
    found = collect(definition);
    cache.set(definition, found);
  }
  return found;
}

const ruleReadsCache = new WeakMap<object, Reads>();

/** The answers one rule reads (computed once per rule object). */
export function ruleReads(rule: Rule): Reads {
  if (typeof rule !== 'object' || rule === null) return NOTHING;
  let found = ruleReadsCache.get(rule);
  if (!found) {
    found = new ReadsBuilder().add(rule).build();
    ruleReadsCache.set(rule, found);
  }
  return found;
}

/** Whether rules with these reads read any of the changed answers. */
export function readsAny(reads: Reads, changed: readonly AnswerRef[]): boolean {
  if (changed.length === 0 || reads === NOTHING) return false;
  if (reads.any) return true;
  return changed.some((c) => reads.fields.get(c.step)?.has(c.field) === true);
}

/** Whether any answer these reads name differs between two sets of answers. */
export function readsChanged(reads: Reads, before: FormData, after: FormData): boolean {
  if (before === after || reads === NOTHING) return false;
  if (reads.any) return true;
  for (const [step, fields] of reads.fields) {
    const a = before[step];
    const b = after[step];
    if (a === b) continue;
    for (const field of fields) if (a?.[field] !== b?.[field]) return true;
  }
  return false;
}

/**
 * The answers that differ between two sets of answers (by identity: unchanged answers keep it).
 * `edited` names the fields an event set in one step: that step is then compared only at those
 * fields and at the fields the engine fills, so a keystroke costs the same in a step of 2 fields
 * and of 200. Other steps whose answers changed are compared field by field.
 */
export function changedAnswers(
  definition: WizardDefinition,
  before: FormData,
  after: FormData,
  edited?: { step: string; fields: readonly string[] },
): AnswerRef[] {
  if (before === after) return [];
  const changed: AnswerRef[] = [];
  const { filled } = ruleDependencies(definition);
  const steps = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const step of steps) {
    const a = before[step];
    const b = after[step];
    if (a === b) continue;
    const fields =
      edited?.step === step
        ? [...edited.fields, ...(filled.get(step) ?? [])]
        : new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
    const seen = new Set<string>();
    for (const field of fields) {
      if (seen.has(field)) continue;
      seen.add(field);
      if (a?.[field] !== b?.[field]) changed.push({ step, field });
    }
  }
  return changed;
}
