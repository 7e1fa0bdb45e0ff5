import { collectLiterals, collectVarReferences } from '../rules/references.ts';
import { resolveGoTo, visibleSteps, type RuleInput } from '../wizard/visibility.ts';
import { locateCalls, outcomeCases } from './walk.ts';
import type { Step, WizardDefinition } from './types.ts';
import { derefSchema, type SchemaLookup } from './schemaPaths.ts';

/** A problem of the step graph: a step nobody can reach, or a place the user gets stuck. */
export interface GraphIssue {
  pointer: string;
  message: string;
}

/** Most input combinations walked for one definition. */
export const MAX_COMBINATIONS = 20_000;

const ENVIRONMENTS = ['localhost', 'development', 'accept', 'integration', 'production'];
const OTHER = '\u0000other';

type Domain = { path: string; values: unknown[] };

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  path.slice(0, -1).forEach((segment) => {
    const next = node[segment];
    if (typeof next !== 'object' || next === null) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  });
  const last = path[path.length - 1];
  if (last !== undefined && value !== undefined) node[last] = value;
}

function fieldSchema(
  step: Step | undefined,
  field: string,
  base: string,
  lookup: SchemaLookup,
): Record<string, unknown> | undefined {
  const props = step?.form?.schema['properties'] as Record<string, unknown> | undefined;
  const resolved = derefSchema(props?.[field], base, lookup).schema;
  return typeof resolved === 'object' && resolved !== null
    ? (resolved as Record<string, unknown>)
    : undefined;
}

function domains(
  definition: WizardDefinition,
  stepBase: (stepId: string) => string,
  lookup: SchemaLookup,
  variant?: string,
): Domain[] {
  const chosen = definition.variants?.find((v) => v.id === variant);
  const rules = definition.steps.flatMap((s) =>
    s.visibleWhen === undefined ? [] : [s.visibleWhen],
  );
  const literals = [...new Set(rules.flatMap((r) => collectLiterals(r)))];
  const paths = [
    ...new Set(
      rules
        .flatMap((r) => collectVarReferences(r))
        .filter((v) => !v.dynamic)
        .map((v) => v.path),
    ),
  ];
  return paths.map((path) => {
    const [root, first, second] = path.split('.');
    if (root === 'context' && first === 'brand') return { path, values: [...definition.brands] };
    if (root === 'context' && first === 'role')
      return {
        path,
        values: chosen
          ? [...chosen.roles]
          : [
              ...new Set([
                ...definition.roles,
                ...(definition.variants ?? []).flatMap((v) => v.roles),
              ]),
            ],
      };
    if (root === 'context' && first === 'variant')
      return {
        path,
        values: chosen
          ? [chosen.id]
          : definition.variants
            ? definition.variants.map((v) => v.id)
            : [undefined],
      };
    if (root === 'context' && first === 'environment') return { path, values: ENVIRONMENTS };
    if (root === 'context' && first === 'flags') return { path, values: [true, false] };
    if (root === 'data' && first && second) {
      const step = definition.steps.find((s) => s.id === first);
      const schema = fieldSchema(step, second, stepBase(first), lookup);
      if (Array.isArray(schema?.['enum']))
        return { path, values: [...(schema['enum'] as unknown[]), undefined] };
      if (schema?.['type'] === 'boolean') return { path, values: [true, false, undefined] };
    }
    return { path, values: [...literals, OTHER, undefined] };
  });
}

function describeCombination(combo: Domain[], values: unknown[]): string {
  if (combo.length === 0) return '';
  const parts = combo.map((d, i) => {
    const v = values[i];
    return `${d.path} = ${v === undefined ? '(empty)' : v === OTHER ? '(another value)' : JSON.stringify(v)}`;
  });
  return ` (when ${parts.join(', ')})`;
}

/** Every combination of the inputs' values, with the rule input it makes. */
function* combinations(inputs: Domain[]): Generator<{ values: unknown[]; scope: RuleInput }> {
  const total = inputs.reduce((n, d) => n * d.values.length, 1);
  for (let n = 0; n < total; n++) {
    const values: unknown[] = [];
    let rest = n;
    for (const d of inputs) {
      values.push(d.values[rest % d.values.length]);
      rest = Math.floor(rest / d.values.length);
    }
    const scope: Record<string, unknown> = { data: {}, context: {} };
    inputs.forEach((d, i) => setPath(scope, d.path.split('.'), values[i]));
    yield { values, scope: scope as unknown as RuleInput };
  }
}

/** The value a path's example answers use for "any value but the literals the rules compare with". */
export const OTHER_EXAMPLE = 'anderer Wert';

/** One distinct path through a flow: the visible steps in order, and the input that takes it. */
export interface StepPath {
  steps: string[];
  /** The context that takes it: brand, variant, role, flags and what else the rules read. */
  context: Record<string, unknown>;
  /** Example answers (by step id and field) that take it: only the answers the rules read. */
  data: Record<string, Record<string, unknown>>;
}

const countDefined = (values: unknown[]): number => values.filter((v) => v !== undefined).length;

function exampleValue(value: unknown): unknown {
  return value === OTHER ? OTHER_EXAMPLE : value;
}

/**
 * Every distinct path through a flow in one variant (undefined for a flow without variants): each
 * distinct list of visible steps over the same combinations of inputs the graph walk checks
 * (walkStepGraph), with the example input that sets the fewest values. The context always names
 * the brand (the first one unless the rules read it), variant and role; flags not read are off.
 * Undefined when the rules read too many inputs (the check reports that).
 */
export function enumerateStepPaths(
  definition: WizardDefinition,
  stepBase: (stepId: string) => string,
  lookup: SchemaLookup,
  variant?: string,
): StepPath[] | undefined {
  const inputs = domains(definition, stepBase, lookup, variant);
  const total = inputs.reduce((n, d) => n * d.values.length, 1);
  if (total > MAX_COMBINATIONS) return undefined;
  const chosen = definition.variants?.find((v) => v.id === variant);
  const base: Record<string, unknown> = {
    brand: definition.brands[0],
    ...(chosen ? { variant: chosen.id } : {}),
    role: (chosen?.roles ?? definition.roles)[0],
    flags: {},
  };
  const found = new Map<string, { path: StepPath; defined: number; order: number }>();
  for (const { values, scope } of combinations(inputs)) {
    const steps = visibleSteps(definition, scope).map((s) => s.id);
    if (steps.length === 0) continue;
    const key = steps.join(' ');
    const defined = countDefined(values);
    const known = found.get(key);
    if (known && known.defined <= defined) continue;
    const example: Record<string, unknown> = { data: {}, context: structuredClone(base) };
    inputs.forEach((d, i) => setPath(example, d.path.split('.'), exampleValue(values[i])));
    const data = Object.fromEntries(
      Object.entries(example['data'] as Record<string, Record<string, unknown>>).filter(
        ([, answers]) => Object.keys(answers).length > 0,
      ),
    );
    found.set(key, {
      path: { steps, context: example['context'] as Record<string, unknown>, data },
      defined,
      order: known?.order ?? found.size,
    });
  }
  // In the order first met, so the fixtures stay stable while the definition does.
  return [...found.values()].sort((a, b) => a.order - b.order).map((f) => f.path);
}

/**
 * Walks the step graph of a definition over every combination of the inputs its visibility rules
 * read, and reports steps that can never be reached, pages never shown, and dead ends: a place
 * where "Weiter" has nowhere to go.
 */
export function walkStepGraph(
  definition: WizardDefinition,
  stepBase: (stepId: string) => string,
  lookup: SchemaLookup,
): GraphIssue[] {
  const inputs = domains(definition, stepBase, lookup);
  const total = inputs.reduce((n, d) => n * d.values.length, 1);
  if (total > MAX_COMBINATIONS) {
    return [
      {
        pointer: '/steps',
        message: `the visibility rules read too many inputs to check (${total} combinations, at most ${MAX_COMBINATIONS}); simplify them`,
      },
    ];
  }
  const issues = new Map<string, GraphIssue>();
  // One issue per place and problem, with the first input combination that shows it.
  const report = (pointer: string, message: string, when = ''): void => {
    const key = `${pointer} ${message}`;
    if (!issues.has(key)) issues.set(key, { pointer, message: message + when });
  };
  const calls = locateCalls(definition);
  const reachedSteps = new Set<string>();
  const reachedPages = new Set<string>();
  const stepIndex = (id: string): number => definition.steps.findIndex((s) => s.id === id);

  for (const { values, scope } of combinations(inputs)) {
    const when = describeCombination(inputs, values);
    const visible = visibleSteps(definition, scope);
    if (visible.length === 0) {
      report('/steps', 'no step is visible, so the flow would be empty', when);
      continue;
    }
    const queue: Step[] = [visible[0] as Step];
    const seen = new Set<string>();
    const nextOf = (step: Step): Step | undefined =>
      visible[visible.findIndex((s) => s.id === step.id) + 1];
    while (queue.length > 0) {
      const step = queue.shift() as Step;
      if (seen.has(step.id)) continue;
      seen.add(step.id);
      reachedSteps.add(step.id);
      const at = `/steps/${stepIndex(step.id)}`;
      const located = calls.find((c) => c.steps.includes(step));
      if (!step.onLeave || !located) {
        const next = nextOf(step);
        if (next) queue.push(next);
        else
          report(
            at,
            `dead end: "${step.id}" is the last visible step but has no onLeave, so "Weiter" leads nowhere`,
            when,
          );
        continue;
      }
      for (const which of ['onSuccess', 'onFailure'] as const) {
        for (const { pointer, outcome } of outcomeCases(
          located.call[which],
          `${located.pointer}/${which}`,
        )) {
          if (outcome.go === 'next') {
            const next = nextOf(step);
            if (next) queue.push(next);
            else
              report(
                pointer,
                `dead end: goes to the next step, but "${step.id}" is the last visible step`,
                when,
              );
          } else if (outcome.go === 'step' && outcome.step) {
            const target = resolveGoTo(definition, visible, outcome.step);
            if (target) queue.push(target);
            else
              report(
                pointer,
                `dead end: goes to step "${outcome.step}", but neither it nor a later step is visible`,
                when,
              );
          } else if (outcome.go === 'page' && outcome.page) {
            reachedPages.add(outcome.page);
            const page = definition.pages?.find((p) => p.id === outcome.page);
            for (const action of page?.actions ?? []) {
              if (action.goTo === undefined) continue;
              const target = resolveGoTo(definition, visible, action.goTo);
              if (target) queue.push(target);
            }
          }
        }
      }
    }
  }
  definition.steps.forEach((step, i) => {
    if (!reachedSteps.has(step.id))
      report(
        `/steps/${i}`,
        `unreachable: step "${step.id}" is never reached, whatever the brand, flags and answers`,
      );
  });
  definition.pages?.forEach((page, i) => {
    if (!reachedPages.has(page.id))
      report(
        `/pages/${i}`,
        `unreachable: page "${page.id}" is never shown; no outcome leads to it`,
      );
  });
  return [...issues.values()];
}
