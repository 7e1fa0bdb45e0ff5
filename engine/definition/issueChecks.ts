import { knownOperators, type Rule } from '../rules/evaluate.ts';
import { ISSUE_SERVER_FIELDS, targetSegments } from '../rules/issue.ts';
import { collectOperators, collectVarReferences } from '../rules/references.ts';
import { lineViewOf, viewFieldsOf, type LineParts } from './partChecks.ts';
import { derefSchema, missingSegment, propertiesOf, type SchemaLookup } from './schemaPaths.ts';
import { stepSchemaId, uriOfPath, type WizardDefinition } from './types.ts';

type Report = (pointer: string, message: string) => void;
type Node = Record<string, unknown>;

const VIEW_FILE = 'definitions/schema/contract-view.schema.json';

const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema node at a dotted path (array items by index), or undefined. */
function schemaAt(
  schema: unknown,
  base: string,
  segments: readonly string[],
  lookup: SchemaLookup,
): Node | undefined {
  let current = derefSchema(schema, base, lookup);
  for (const segment of segments) {
    if (!isObject(current.schema)) return undefined;
    if (/^\d+$/.test(segment)) {
      current = derefSchema(current.schema['items'], current.base, lookup);
      continue;
    }
    const next = propertiesOf(current.schema, current.base, lookup)?.get(segment);
    if (!next) return undefined;
    current = derefSchema(next.schema, next.base, lookup);
  }
  return isObject(current.schema) ? current.schema : undefined;
}

/** The JSON types a schema node allows (empty: any). */
function typesOf(node: Node): string[] {
  const type = node['type'];
  if (typeof type === 'string') return [type === 'integer' ? 'number' : type];
  if (Array.isArray(type)) return type.map((t) => (t === 'integer' ? 'number' : String(t)));
  if (Array.isArray(node['enum']))
    return [...new Set(node['enum'].map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** What is wrong with a literal for a target, or undefined. */
function literalProblem(value: unknown, target: Node): string | undefined {
  const options = target['enum'];
  if (Array.isArray(options) && !options.includes(value))
    return `${JSON.stringify(value)} is not one of ${options.map((o) => JSON.stringify(o)).join(', ')}`;
  const types = typesOf(target);
  if (types.length > 0 && !types.includes(jsonType(value)))
    return `${JSON.stringify(value)} is no ${types.join(' or ')}`;
  return undefined;
}

/** What is wrong with an answer copied as it is to a target, or undefined. */
function correspondenceProblem(source: Node, target: Node): string | undefined {
  const targetTypes = typesOf(target);
  const sourceTypes = typesOf(source).filter((t) => t !== 'null');
  const foreign = sourceTypes.filter((t) => targetTypes.length > 0 && !targetTypes.includes(t));
  if (foreign.length > 0)
    return `the answer is a ${foreign.join(' or ')}, the contract takes ${targetTypes.join(' or ')}`;
  const allowed = target['enum'];
  const given = source['enum'];
  if (Array.isArray(allowed) && Array.isArray(given)) {
    const unknown = given.filter((v) => !allowed.includes(v));
    if (unknown.length > 0)
      return `the answer may be ${unknown.map((v) => JSON.stringify(v)).join(', ')}, which the contract does not know`;
  }
  return undefined;
}

/** The answer path a plain `{"var": "answers.…"}` copies, else undefined. */
function plainAnswer(rule: Rule): string | undefined {
  if (!isObject(rule) || Object.keys(rule).length !== 1) return undefined;
  const arg = rule['var'];
  const path = Array.isArray(arg) ? arg[0] : arg;
  return typeof path === 'string' && path.startsWith('answers.') ? path : undefined;
}

/**
 * Checks a flow's `issue` section: only an application for a new contract has one; every target
 * path is a field of the contract view (definitions/schema/contract-view.schema.json) the back
 * office does not fill itself; a literal fits its field, an answer copied as it is has the field's
 * type (and no option the field lacks); every rule reads only answers the flow has and the day of
 * submission, with known operators; and every field the view requires, and every required part of
 * a declared object, is declared unless it may be null. With `partsOf` (the parts the tariffs
 * declare per product): the literal `produkt` is a product a tariff declares, and every target is
 * a common field of the view or a part of that product's line (a part of the line's own is
 * checked against the part's schema).
 */
export function checkIssueSection(
  def: WizardDefinition,
  path: string,
  lookup: SchemaLookup,
  report: Report,
  partsOf?: (produkt: string) => LineParts | undefined,
): void {
  const issue = def.issue;
  if (!issue) return;
  if (def.kind !== 'application')
    report('/issue', 'only an application flow is issued as a contract');
  if (def.forContracts)
    report(
      '/issue',
      'an application for an existing contract changes that contract; it is not issued as a new one',
    );
  const viewUri = uriOfPath(VIEW_FILE);
  const specView = lookup(viewUri);
  if (!isObject(specView)) {
    report('/issue', `the contract view schema ${VIEW_FILE} is missing`);
    return;
  }
  const { specParts } = viewFieldsOf(specView);
  const produkt = issue.contract['produkt'];
  const line = typeof produkt === 'string' && partsOf ? partsOf(produkt) : undefined;
  if (typeof produkt === 'string' && partsOf && !line)
    report(
      '/issue/contract/produkt',
      `"${produkt}" is no product a tariff declares (definitions/tariffs/*.json, products)`,
    );
  // The view of this line's contracts: the spec's view with the line's own parts.
  const view: Node = lineViewOf(specView, line?.parts ?? new Map());
  const operators = knownOperators();
  const answerNode = (answer: string): Node | undefined => {
    const [, stepId = '', ...field] = answer.split('.');
    const step = def.steps.find((s) => s.id === stepId);
    return step?.form
      ? schemaAt(step.form.schema, stepSchemaId(path, step.id), field, lookup)
      : undefined;
  };
  const checkReads = (rule: Rule, at: string) => {
    for (const op of collectOperators(rule))
      if (!operators.has(op)) report(at, `unknown rule operator "${op}"`);
    for (const ref of collectVarReferences(rule)) {
      if (ref.path === 'submittedOn') continue;
      const [root, stepId = '', ...field] = ref.path.split('.');
      if (root !== 'answers') {
        report(
          at,
          `reads "${ref.path}", but an issue rule reads only answers.<step>.<field> and submittedOn`,
        );
        continue;
      }
      const step = def.steps.find((s) => s.id === stepId);
      const missing = step?.form
        ? missingSegment(step.form.schema, stepSchemaId(path, step.id), field, lookup)
        : stepId;
      if (missing !== undefined)
        report(at, `reads "${ref.path}", but the flow has no "${missing}" there`);
    }
  };

  const declared = Object.keys(issue.contract);
  for (const [target, rule] of Object.entries(issue.contract)) {
    const at = `/issue/contract/${target.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const segments = targetSegments(target);
    const top = segments[0] ?? '';
    checkReads(rule, at);
    if (ISSUE_SERVER_FIELDS.has(top)) {
      report(at, `the back office fills "${top}" itself when it issues the contract; leave it out`);
      continue;
    }
    if (line && specParts.has(top) && !line.parts.has(top)) {
      report(at, `"${top}" is a part the line ${line.line} does not declare (its tariff's parts)`);
      continue;
    }
    const missing = missingSegment(view, viewUri, segments, lookup);
    const node = missing === undefined ? schemaAt(view, viewUri, segments, lookup) : undefined;
    if (!node) {
      report(
        at,
        `the contract view (definitions/schema/contract-view.schema.json) has no "${missing ?? target}" in "${target}"`,
      );
      continue;
    }
    const answer = plainAnswer(rule);
    const source = answer ? answerNode(answer) : undefined;
    const problem = isObject(rule)
      ? source && correspondenceProblem(source, node)
      : literalProblem(rule, node);
    if (problem) report(at, `"${target}": ${problem}`);
  }
  checkRequired(view, viewUri, [], declared, lookup, (message) =>
    report('/issue/contract', message),
  );
  if (issue.on !== undefined) checkReads(issue.on, '/issue/on');
}

/**
 * Reports each required field of the object at `prefix` that is neither declared (whole or by
 * parts) nor filled by the server nor allowed to be null or an empty list; descends into objects
 * declared by parts.
 */
function checkRequired(
  view: unknown,
  viewUri: string,
  prefix: readonly string[],
  declared: readonly string[],
  lookup: SchemaLookup,
  report: (message: string) => void,
): void {
  const node = schemaAt(view, viewUri, prefix, lookup);
  const required = node?.['required'];
  if (!node || !Array.isArray(required)) return;
  for (const name of required.map(String)) {
    if (prefix.length === 0 && ISSUE_SERVER_FIELDS.has(name)) continue;
    const path = [...prefix, name].join('.');
    if (declared.includes(path)) continue;
    const parts = declared.filter((d) => d.startsWith(`${path}.`));
    const child = schemaAt(view, viewUri, [...prefix, name], lookup);
    if (parts.length > 0) {
      if (!parts.some((p) => /^\d+$/.test(targetSegments(p)[prefix.length + 1] ?? '')))
        checkRequired(view, viewUri, [...prefix, name], declared, lookup, report);
      continue;
    }
    const types = child ? typesOf(child) : [];
    if (types.includes('null') || types.includes('array')) continue;
    report(`the contract view requires "${path}": declare it in issue.contract`);
  }
}
