import {
  collectItemReferences,
  collectOperators,
  collectVarReferences,
} from '../rules/references.ts';
import { knownOperators } from '../rules/evaluate.ts';
import { checkCalls, checkServices } from './callChecks.ts';
import { checkForContracts } from './contractChecks.ts';
import { checkFormFeatures } from './formChecks.ts';
import { migrationProblems } from './migrate.ts';
import { isListSchema } from '../wizard/lists.ts';
import { walkStepGraph } from './graph.ts';
import { choiceOptions } from '../wizard/visibility.ts';
import { lookupText } from './i18n.ts';
import { derefSchema, missingSegment, propertiesOf } from './schemaPaths.ts';
import { collectExplicitKeys, locateRules, type RuleScope } from './walk.ts';
import { stepSchemaId, type WizardDefinition } from './types.ts';
import { stepFields, type SemanticEnvironment } from './semanticEnvironment.ts';

export type { SemanticEnvironment } from './semanticEnvironment.ts';

function checkIds(def: WizardDefinition, env: SemanticEnvironment): void {
  const seen = new Map<string, string>();
  def.steps.forEach((s, i) => {
    if (seen.has(s.id))
      env.report(`/steps/${i}/id`, `step id "${s.id}" is used twice (also at ${seen.get(s.id)})`);
    else seen.set(s.id, `/steps/${i}`);
  });
  def.pages?.forEach((p, i) => {
    if (seen.has(p.id))
      env.report(
        `/pages/${i}/id`,
        `page id "${p.id}" is already used by ${seen.get(p.id)}; ids share the URL space`,
      );
    else seen.set(p.id, `/pages/${i}`);
    p.content?.forEach((block, b) => {
      if (block.type === 'download' || block.type === 'links')
        env.report(
          `/pages/${i}/content/${b}/type`,
          `a ${block.type} block belongs on a step: a page shows texts, hints, lists and info boxes`,
        );
    });
  });
}

function checkVar(
  path: string,
  dynamic: boolean,
  scope: RuleScope,
  def: WizardDefinition,
  env: SemanticEnvironment,
): string | undefined {
  // A computed path is known only up to its literal prefix, whose last segment may be partial.
  const segments = dynamic ? path.split('.').slice(0, -1) : path.split('.');
  const [root, ...rest] = segments;
  if (root === undefined || root === '')
    return dynamic ? undefined : 'reads an empty variable name';
  if (scope.extraRoots.includes(root)) return undefined;
  if (
    root === 'context' &&
    rest[0] === 'entry' &&
    rest[1] !== undefined &&
    !dynamic &&
    !(def.entryParams ?? []).includes(rest[1])
  ) {
    return `reads "${path}", but "${rest[1]}" is not in the flow's entryParams`;
  }
  if (
    root === 'context' &&
    rest[0] === 'route' &&
    rest[1] !== undefined &&
    !dynamic &&
    ![def.baseRoute, ...(def.variants ?? []).map((v) => v.baseRoute)].some((route) =>
      route.includes(`{${rest[1]}}`),
    )
  ) {
    return `reads "${path}", but no baseRoute of the flow has a {${rest[1]}} segment`;
  }
  if (root === 'context') {
    if (rest[0] === 'flags' && rest[1] !== undefined && !dynamic && !env.flags.has(rest[1])) {
      return `reads the flag "${rest[1]}", which definitions/flags.json does not declare`;
    }
    const missing = missingSegment(env.contextSchema, env.contextSchemaUri, rest, env.lookup);
    return missing !== undefined
      ? `reads "${path}", but the context has no "${missing}" there`
      : undefined;
  }
  if (root === 'data') {
    const [stepId, ...fieldPath] = rest;
    if (stepId === undefined) return undefined;
    const step = def.steps.find((s) => s.id === stepId);
    if (!step) return `reads "${path}", but there is no step "${stepId}"`;
    if (!scope.steps.includes(step))
      return `reads "${path}", but step "${stepId}" comes later; a rule may read only earlier answers`;
    if (!step.form) return `reads "${path}", but step "${stepId}" has no form`;
    const missing = missingSegment(
      step.form.schema,
      stepSchemaId(env.path, step.id),
      fieldPath,
      env.lookup,
    );
    return missing !== undefined
      ? `reads "${path}", but step "${stepId}" has no field "${missing}"`
      : undefined;
  }
  const allowed = ['data', 'context', ...scope.extraRoots].join(', ');
  return `reads "${path}", but here a rule may read only ${allowed}`;
}

/** Checks every rule's operators and variables; tells whether all of them are sound. */
function checkRules(def: WizardDefinition, env: SemanticEnvironment): boolean {
  const operators = knownOperators();
  let sound = true;
  const report = (pointer: string, message: string): void => {
    sound = false;
    env.report(pointer, message);
  };
  for (const { pointer, rule, scope } of locateRules(def)) {
    for (const op of collectOperators(rule)) {
      if (!operators.has(op)) report(pointer, `unknown rule operator "${op}"`);
    }
    for (const ref of [...collectVarReferences(rule), ...collectItemReferences(rule)]) {
      const problem = checkVar(ref.path, ref.dynamic, scope, def, env);
      if (problem) report(pointer, problem);
    }
  }
  return sound;
}

/**
 * An irrelevantWhen rule of list items, keyed `<list>.<field>`: the list is a list field of the
 * step, the field one of its items, and what the rule reads as `item.<field>` too.
 */
function checkItemRule(
  key: string,
  rule: unknown,
  fields: Map<string, { schema: unknown; base: string }>,
  at: string,
  env: SemanticEnvironment,
): void {
  const [list = '', field = '', ...rest] = key.split('.');
  const listField = fields.get(list);
  const resolved = listField && derefSchema(listField.schema, listField.base, env.lookup);
  const items =
    resolved && isListSchema(resolved.schema)
      ? propertiesOf((resolved.schema as { items: unknown }).items, resolved.base, env.lookup)
      : undefined;
  if (rest.length > 0 || !items) {
    env.report(
      at,
      `"${key}" names no field of a list's items: write "<list>.<field>" with a list field of the step`,
    );
    return;
  }
  if (!items.has(field)) env.report(at, `the items of list "${list}" have no field "${field}"`);
  for (const ref of collectVarReferences(rule)) {
    const [root, name] = ref.path.split('.');
    if (root === 'item' && name !== undefined && !ref.dynamic && !items.has(name))
      env.report(
        at,
        `reads "${ref.path}", but the items of list "${list}" have no field "${name}"`,
      );
  }
}

function checkForms(def: WizardDefinition, env: SemanticEnvironment): void {
  def.steps.forEach((step, i) => {
    if (!step.form) return;
    const fields = stepFields(step, env);
    const at = `/steps/${i}/form`;
    for (const key of Object.keys(step.form.uiSchema ?? {})) {
      if (!key.startsWith('ui:') && !fields.has(key))
        env.report(
          `${at}/uiSchema/${key}`,
          `uiSchema names "${key}", which is not a field of step "${step.id}"`,
        );
    }
    for (const [key, rule] of Object.entries(step.form.irrelevantWhen ?? {})) {
      if (key.includes('.')) checkItemRule(key, rule, fields, `${at}/irrelevantWhen/${key}`, env);
      else if (!fields.has(key))
        env.report(`${at}/irrelevantWhen/${key}`, `"${key}" is not a field of step "${step.id}"`);
    }
    for (const key of Object.keys(step.form.optionsWhen ?? {})) {
      const field = fields.get(key);
      const schema = field && derefSchema(field.schema, field.base, env.lookup).schema;
      if (!field)
        env.report(`${at}/optionsWhen/${key}`, `"${key}" is not a field of step "${step.id}"`);
      else if (choiceOptions(schema).length === 0)
        env.report(
          `${at}/optionsWhen/${key}`,
          `"${key}" has no enum (nor items with an enum), so it has no options to filter`,
        );
    }
    for (const key of Object.keys(step.form.optionsFrom ?? {})) {
      const field = fields.get(key);
      const schema = field && derefSchema(field.schema, field.base, env.lookup).schema;
      if (!field)
        env.report(`${at}/optionsFrom/${key}`, `"${key}" is not a field of step "${step.id}"`);
      else if (choiceOptions(schema).length > 0)
        env.report(
          `${at}/optionsFrom/${key}`,
          `"${key}" has an enum, but its options come from data (optionsFrom): leave the enum out`,
        );
      else if (step.form.optionsWhen?.[key] !== undefined)
        env.report(
          `${at}/optionsFrom/${key}`,
          `"${key}" takes its options from data: filter the list in its rule, not with optionsWhen`,
        );
    }
  });
}

function checkPrefill(def: WizardDefinition, env: SemanticEnvironment): void {
  for (const [name, entry] of Object.entries(def.prefill?.fields ?? {})) {
    if (!entry) continue;
    const [stepId, ...fieldPath] = entry.target.split('.');
    const step = def.steps.find((s) => s.id === stepId);
    const at = `/prefill/fields/${name}/target`;
    if (!step?.form) env.report(at, `there is no step with a form called "${stepId}"`);
    else {
      const missing = missingSegment(
        step.form.schema,
        stepSchemaId(env.path, step.id),
        fieldPath,
        env.lookup,
      );
      if (missing !== undefined) env.report(at, `step "${stepId}" has no field "${missing}"`);
    }
  }
}

function checkTexts(def: WizardDefinition, env: SemanticEnvironment): void {
  const ns = def.i18nNamespace;
  if (!env.bundles.has(ns)) {
    env.report('/i18nNamespace', `there is no bundle definitions/locales/de/${ns}.json`);
    return;
  }
  const need = (pointer: string, key: string, why: string): void => {
    if (lookupText(env.bundles, key, ns) === undefined)
      env.report(
        pointer,
        `the text "${key}" (${why}) is missing in definitions/locales/de/${key.includes(':') ? key.split(':')[0] : ns}.json`,
      );
  };
  for (const { pointer, key } of collectExplicitKeys(def)) need(pointer, key, 'named here');
  if (def.product)
    need(
      '/product/code',
      `common:products.${def.product.code}`,
      "the product's name on the home page, the agent's customer page and drafts",
    );
  def.steps.forEach((step, i) => {
    need(`/steps/${i}/i18nPrefix`, `${step.i18nPrefix}.title`, `heading of step "${step.id}"`);
    const ui = (step.form?.uiSchema ?? {}) as Record<
      string,
      { 'ui:help'?: boolean; 'ui:widget'?: string } | undefined
    >;
    for (const [field, { schema, base }] of stepFields(step, env)) {
      const at = `/steps/${i}/form/schema/properties/${field}`;
      if (ui[field]?.['ui:widget'] === 'hidden') continue;
      need(at, `${step.i18nPrefix}.${field}.label`, `label of field "${field}"`);
      const resolved = derefSchema(schema, base, env.lookup).schema as
        { enum?: unknown[] } | undefined;
      for (const option of resolved?.enum ?? [])
        need(
          at,
          `${step.i18nPrefix}.${field}.options.${String(option)}`,
          `label of option ${JSON.stringify(option)}`,
        );
      if (ui[field]?.['ui:help'])
        need(
          `/steps/${i}/form/uiSchema/${field}/ui:help`,
          `${step.i18nPrefix}.${field}.help`,
          'help text',
        );
    }
  });
}

/** Versions and migrations: every older version reaches the current one, onto fields it has. */
function checkMigrations(def: WizardDefinition, env: SemanticEnvironment): void {
  const problems = migrationProblems(def, (stepId, field) => {
    const step = def.steps.find((s) => s.id === stepId);
    if (!step) return `the current version has no step "${stepId}"`;
    if (!step.form) return `step "${stepId}" has no form`;
    const missing = missingSegment(
      step.form.schema,
      stepSchemaId(env.path, step.id),
      field,
      env.lookup,
    );
    return missing === undefined
      ? undefined
      : `step "${stepId}" of the current version has no field "${missing}"`;
  });
  for (const problem of problems) env.report(problem.pointer, problem.message);
}

/** Checks what the meta-schema cannot: ids, rules, calls, texts, prefill and the step graph. */
export function checkDefinitionSemantics(def: WizardDefinition, env: SemanticEnvironment): void {
  checkIds(def, env);
  checkForms(def, env);
  checkFormFeatures(def, env);
  const rulesSound = checkRules(def, env);
  checkCalls(def, env);
  checkServices(def, env);
  checkForContracts(def, env.report);
  checkPrefill(def, env);
  checkTexts(def, env);
  checkMigrations(def, env);
  // The graph walk evaluates the visibility rules, so it needs rules that are known to be sound.
  if (!rulesSound) return;
  try {
    for (const issue of walkStepGraph(def, (stepId) => stepSchemaId(env.path, stepId), env.lookup))
      env.report(issue.pointer, issue.message);
  } catch (e) {
    env.report(
      '/steps',
      `the visibility rules could not be evaluated: ${e instanceof Error ? e.message : JSON.stringify(e)}`,
    );
  }
}
