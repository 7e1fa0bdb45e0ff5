import { collectOperators, collectVarReferences } from '../rules/references.ts';
import { knownOperators } from '../rules/evaluate.ts';
import { derefSchema, missingSegment, type SchemaLookup } from './schemaPaths.ts';
import { stepSchemaId, type ParsedDefinition } from './types.ts';
import type { Rating, Tariff } from '../../generated/types/tariff.ts';

type Report = (pointer: string, message: string) => void;

/** Names a rule inside a tariff reads besides the inputs and variables. */
const TARIFF_ROOTS = ['today'];
/** What an input's rule may read. */
const INPUT_ROOTS = ['answers', 'today', 'variant', 'brand'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkOperators(rule: unknown, pointer: string, report: Report): void {
  const known = knownOperators();
  for (const op of collectOperators(rule))
    if (!known.has(op)) report(pointer, `unknown rule operator "${op}"`);
}

/** The field schema an answer path (step.field...) names in a flow, or the reason it does not exist. */
function answerProblem(
  flow: ParsedDefinition,
  path: string,
  lookup: SchemaLookup,
): { problem: string } | { schema: unknown; base: string } {
  const [stepId, ...fieldPath] = path.split('.');
  const step = flow.value.steps.find((s) => s.id === stepId);
  if (!step) return { problem: `flow "${flow.value.id}" has no step "${stepId ?? ''}"` };
  if (!step.form)
    return { problem: `step "${stepId ?? ''}" of flow "${flow.value.id}" has no form` };
  const base = stepSchemaId(flow.path, step.id);
  const missing = missingSegment(step.form.schema, base, fieldPath, lookup);
  if (missing !== undefined)
    return {
      problem: `step "${stepId ?? ''}" of flow "${flow.value.id}" has no field "${missing}"`,
    };
  let node: { schema: unknown; base: string } = { schema: step.form.schema, base };
  for (const segment of fieldPath) {
    const resolved = derefSchema(node.schema, node.base, lookup);
    const schema = resolved.schema as Record<string, unknown> | undefined;
    const properties = schema?.['properties'] as Record<string, unknown> | undefined;
    node = {
      schema: /^\d+$/.test(segment) ? schema?.['items'] : properties?.[segment],
      base: resolved.base,
    };
  }
  return derefSchema(node.schema, node.base, lookup);
}

/** The answer an input reads when its rule is a plain {"var": "answers..."} (with a default). */
function plainAnswer(value: unknown): string | undefined {
  if (!isObject(value) || Object.keys(value).length !== 1) return undefined;
  const arg = value['var'];
  const path = Array.isArray(arg) ? arg[0] : arg;
  return typeof path === 'string' && path.startsWith('answers.')
    ? path.slice('answers.'.length)
    : undefined;
}

/** The keys an exact table column may have: the options of the answer its input reads, if known. */
function columnOptions(
  rating: Rating,
  input: string,
  flows: readonly ParsedDefinition[],
  lookup: SchemaLookup,
): string[] | undefined {
  const path = plainAnswer(rating.inputs[input]?.value);
  if (path === undefined || flows.length === 0) return undefined;
  const options = new Set<string>();
  for (const flow of flows) {
    const found = answerProblem(flow, path, lookup);
    if ('problem' in found) return undefined;
    const schema = found.schema as { enum?: unknown[]; type?: unknown; const?: unknown };
    if (Array.isArray(schema.enum)) schema.enum.forEach((v) => options.add(String(v)));
    else if (schema.type === 'boolean') ['true', 'false'].forEach((v) => options.add(v));
    else return undefined;
  }
  return [...options];
}

function checkTableLevel(
  level: unknown,
  depth: number,
  table: NonNullable<Rating['tables']>[string] & object,
  pointer: string,
  options: readonly (string[] | undefined)[],
  report: Report,
): void {
  const column = table.keys[depth];
  if (column === undefined) {
    if (typeof level !== 'number')
      report(pointer, `a table with ${table.keys.length} key column(s) gives a number here`);
    return;
  }
  if (column.bands === true) {
    if (!Array.isArray(level)) {
      report(
        pointer,
        `key column ${depth + 1} ("${column.input}") is banded: this level must be a list of { upTo, value }`,
      );
      return;
    }
    let previous = -Infinity;
    level.forEach((band: { upTo: number | null; value: unknown }, i) => {
      const at = `${pointer}/${i}`;
      if (band.upTo === null && i !== level.length - 1)
        report(`${at}/upTo`, 'only the last band may be unbounded (upTo: null)');
      if (band.upTo !== null && band.upTo <= previous)
        report(`${at}/upTo`, `bands must ascend: ${band.upTo} does not lie above ${previous}`);
      previous = band.upTo ?? Infinity;
      checkTableLevel(band.value, depth + 1, table, `${at}/value`, options, report);
    });
    return;
  }
  if (!isObject(level)) {
    report(
      pointer,
      `key column ${depth + 1} ("${column.input}") is exact: this level must be an object keyed by its values`,
    );
    return;
  }
  const allowed = options[depth];
  for (const [key, next] of Object.entries(level)) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (allowed && !allowed.includes(key))
      report(
        at,
        `unknown table key "${key}": the answer "${column.input}" reads has only ${allowed.map((o) => `"${o}"`).join(', ')}`,
      );
    checkTableLevel(next, depth + 1, table, at, options, report);
  }
  if (allowed && table.missing === undefined)
    for (const option of allowed)
      if (!Object.hasOwn(level, option))
        report(
          pointer,
          `no row for "${option}" of "${column.input}": add it, or give the table a "missing" reason`,
        );
}

/**
 * Checks a tariff's rating against itself and the flows it prices: input rules read existing
 * answers (answers.<step>.<field> in every priced flow), today, variant or brand; tables are keyed
 * by inputs or by variables an earlier step sets, nested as their key columns say, with keys among the answer's options and a row for
 * every option (unless the table has a "missing" reason); routine rules read inputs, variables set
 * by an earlier step, or today; tables and tariff pointers exist; beitrag and jahresbeitrag are set.
 */
export function checkTariffRating(
  tariff: Tariff,
  flows: readonly ParsedDefinition[],
  lookup: SchemaLookup,
  report: Report,
): void {
  const rating = tariff.rating;
  if (!rating) return;
  const inputs = new Set(Object.keys(rating.inputs));
  for (const [name, input] of Object.entries(rating.inputs)) {
    if (!input) continue;
    const at = `/rating/inputs/${name}/value`;
    checkOperators(input.value, at, report);
    for (const ref of collectVarReferences(input.value)) {
      const [root, ...rest] = ref.path.split('.');
      if (!INPUT_ROOTS.includes(root ?? ''))
        report(at, `reads "${ref.path}", but an input may read only ${INPUT_ROOTS.join(', ')}`);
      else if (root === 'answers' && !ref.dynamic)
        for (const flow of flows) {
          const found = answerProblem(flow, rest.join('.'), lookup);
          if ('problem' in found) report(at, `reads "${ref.path}", but ${found.problem}`);
        }
    }
  }
  const known = new Set([...inputs, ...TARIFF_ROOTS]);
  const checkRule = (rule: unknown, at: string, names: ReadonlySet<string>): void => {
    checkOperators(rule, at, report);
    for (const ref of collectVarReferences(rule)) {
      const root = ref.path.split('.')[0] ?? '';
      if (!names.has(root))
        report(
          at,
          `reads "${ref.path}", which is no input, no variable set by an earlier step and not today`,
        );
    }
  };
  // A table may be keyed by a variable of the routine (a zone looked up by an earlier step);
  // each step reading the table checks that its keys are set by then.
  const targets = new Set(rating.steps.map((step) => step.target));
  for (const [name, table] of Object.entries(rating.tables ?? {})) {
    if (!table) continue;
    const at = `/rating/tables/${name}`;
    table.keys.forEach((column, i) => {
      if (!inputs.has(column.input) && !targets.has(column.input))
        report(
          `${at}/keys/${i}/input`,
          `"${column.input}" is no input of the rating and no variable its routine sets`,
        );
    });
    const options = table.keys.map((column) =>
      column.bands === true ? undefined : columnOptions(rating, column.input, flows, lookup),
    );
    checkTableLevel(table.values, 0, table, `${at}/values`, options, report);
  }
  (rating.insurable ?? []).forEach((rule, i) =>
    checkRule(rule.rule, `/rating/insurable/${i}/rule`, known),
  );
  const variables = new Set<string>();
  const ids = new Set<string>();
  rating.steps.forEach((step, i) => {
    const at = `/rating/steps/${i}`;
    if (ids.has(step.id)) report(`${at}/id`, `step id "${step.id}" is used twice`);
    ids.add(step.id);
    const names = new Set([...known, ...variables]);
    if (inputs.has(step.target))
      report(`${at}/target`, `"${step.target}" is an input; a step changes a variable of its own`);
    if (step.op !== 'set' && !variables.has(step.target))
      report(`${at}/target`, `"${step.target}" is not set by an earlier step (op "set")`);
    if (step.when !== undefined) checkRule(step.when, `${at}/when`, names);
    const value: unknown = step.value;
    if (step.op === 'round') {
      if (value !== undefined) report(`${at}/value`, 'a round step takes no value, only scale');
    } else if (value === undefined) report(at, `a ${step.op} step needs a value`);
    else if (isObject(value) && typeof value['table'] === 'string') {
      const read = rating.tables?.[value['table']];
      if (!read) report(`${at}/value/table`, `there is no table "${value['table']}"`);
      for (const column of read?.keys ?? [])
        if (!names.has(column.input) && targets.has(column.input))
          report(
            `${at}/value/table`,
            `table "${value['table']}" is keyed by "${column.input}", which no earlier step sets`,
          );
    } else if (isObject(value) && typeof value['tariff'] === 'string') {
      const pointer = value['tariff'];
      for (const [, name] of pointer.matchAll(/\{([^}]+)\}/g))
        if (!names.has(name ?? ''))
          report(`${at}/value/tariff`, `"{${name ?? ''}}" is no input or variable`);
      const first = pointer.split('/')[1] ?? '';
      if (!first.includes('{') && !Object.hasOwn(tariff, first))
        report(`${at}/value/tariff`, `the tariff has no "/${first}"`);
    } else if (typeof value !== 'number') checkRule(value, `${at}/value`, names);
    variables.add(step.target);
  });
  for (const result of ['beitrag', 'jahresbeitrag'])
    if (!variables.has(result))
      report('/rating/steps', `the routine must set "${result}" (premium per payment / per year)`);
  (rating.outputs ?? []).forEach((name, i) => {
    if (!inputs.has(name) && !variables.has(name))
      report(`/rating/outputs/${i}`, `"${name}" is no input and no variable of the routine`);
  });
}
