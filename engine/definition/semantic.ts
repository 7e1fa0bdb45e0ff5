import {
  collectItemReferences,
  collectOperators,
  collectVarReferences,
} from '../rules/references.ts';
import { knownOperators } from '../rules/evaluate.ts';
import { checkForContracts } from './contractChecks.ts';
import { checkFormFeatures } from './formChecks.ts';
import { migrationProblems } from './migrate.ts';
import { isListSchema } from '../wizard/lists.ts';
import { walkStepGraph } from './graph.ts';
import { choiceOptions } from '../wizard/visibility.ts';
import { lookupText, type Bundles } from './i18n.ts';
import { derefSchema, missingSegment, propertiesOf, type SchemaLookup } from './schemaPaths.ts';
import {
  collectExplicitKeys,
  locateCalls,
  locateRules,
  outcomeCases,
  type RuleScope,
} from './walk.ts';
import { draftDeclarations, stepSchemaId, type Step, type WizardDefinition } from './types.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';

/** What the checks of one definition need to know about the rest of definitions/. */
export interface SemanticEnvironment {
  path: string;
  lookup: SchemaLookup;
  contextSchema: unknown;
  contextSchemaUri: string;
  flags: ReadonlySet<string>;
  endpoints: EndpointCatalogue['endpoints'];
  bundles: Bundles;
  report: (pointer: string, message: string) => void;
}

function stepFields(
  step: Step,
  env: SemanticEnvironment,
): Map<string, { schema: unknown; base: string }> {
  if (!step.form) return new Map();
  return propertiesOf(step.form.schema, stepSchemaId(env.path, step.id), env.lookup) ?? new Map();
}

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

function checkCalls(def: WizardDefinition, env: SemanticEnvironment): void {
  def.steps.forEach((step, i) => {
    if (typeof step.onLeave === 'string' && !def[step.onLeave]) {
      env.report(
        `/steps/${i}/onLeave`,
        `step "${step.id}" runs "${step.onLeave}", but the definition declares no ${step.onLeave}`,
      );
    }
  });
  for (const { pointer, call, steps } of locateCalls(def)) {
    if (steps.length === 0)
      env.report(
        pointer,
        `"${pointer.slice(1)}" is declared but no step runs it (set onLeave on a step)`,
      );
    const endpoint = env.endpoints[call.endpoint];
    if (!endpoint) {
      env.report(
        `${pointer}/endpoint`,
        `unknown endpoint "${call.endpoint}"; it must be declared in definitions/api/endpoints.json`,
      );
      continue;
    }
    const pathParams = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    for (const name of pathParams) {
      if (!call.params?.[name])
        env.report(
          pointer,
          `endpoint "${call.endpoint}" (${endpoint.path}) needs the path parameter "${name}" in params`,
        );
    }
    for (const name of Object.keys(call.params ?? {})) {
      if (!pathParams.includes(name))
        env.report(
          `${pointer}/params/${name}`,
          `endpoint "${call.endpoint}" has no path parameter "${name}"`,
        );
    }
    if (endpoint.auth === 'custom' && !call.credential)
      env.report(pointer, `endpoint "${call.endpoint}" needs a credential`);
    if (endpoint.auth !== 'custom' && call.credential)
      env.report(
        `${pointer}/credential`,
        `endpoint "${call.endpoint}" does not take a custom credential (auth: ${endpoint.auth})`,
      );
    if ((endpoint.method === 'GET' || endpoint.method === 'DELETE') && call.body)
      env.report(`${pointer}/body`, `a ${endpoint.method} request has no body`);
    for (const which of ['onSuccess', 'onFailure'] as const) {
      const cases = outcomeCases(call[which], `${pointer}/${which}`);
      const last = cases[cases.length - 1];
      if (last?.outcome.when !== undefined)
        env.report(
          `${last.pointer}/when`,
          `the last case of ${which} must have no "when", so that every answer leads somewhere`,
        );
      for (const { pointer: op, outcome } of cases) {
        if (outcome.step && !def.steps.some((s) => s.id === outcome.step))
          env.report(`${op}/step`, `there is no step "${outcome.step}"`);
        if (outcome.go === 'route' && outcome.route === undefined)
          env.report(op, 'go: route needs a route rule computing the platform path');
        if (outcome.page && !def.pages?.some((p) => p.id === outcome.page))
          env.report(`${op}/page`, `there is no page "${outcome.page}"`);
        for (const field of Object.keys(outcome.fieldErrors ?? {})) {
          for (const step of steps) {
            if (!stepFields(step, env).has(field))
              env.report(
                `${op}/fieldErrors/${field}`,
                `"${field}" is not a field of step "${step.id}", which runs this call`,
              );
          }
        }
      }
    }
  }
  def.pages?.forEach((page, i) =>
    page.actions?.forEach((action, a) => {
      if (action.goTo !== undefined && !def.steps.some((s) => s.id === action.goTo))
        env.report(`/pages/${i}/actions/${a}/goTo`, `there is no step "${action.goTo}"`);
    }),
  );
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

/** Checks that a request names a known endpoint and gives exactly its path parameters. */
function checkRequest(
  pointer: string,
  request: { endpoint: string; params?: Record<string, unknown> | undefined },
  env: SemanticEnvironment,
  method?: string,
): void {
  const endpoint = env.endpoints[request.endpoint];
  if (!endpoint) {
    env.report(
      `${pointer}/endpoint`,
      `unknown endpoint "${request.endpoint}"; it must be declared in definitions/api/endpoints.json`,
    );
    return;
  }
  if (method && endpoint.method !== method)
    env.report(
      `${pointer}/endpoint`,
      `endpoint "${request.endpoint}" is a ${endpoint.method}, but only a ${method} fits here`,
    );
  const pathParams = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  for (const name of pathParams)
    if (!request.params?.[name])
      env.report(
        pointer,
        `endpoint "${request.endpoint}" (${endpoint.path}) needs the path parameter "${name}" in params`,
      );
  for (const name of Object.keys(request.params ?? {}))
    if (!pathParams.includes(name))
      env.report(
        `${pointer}/params/${name}`,
        `endpoint "${request.endpoint}" has no path parameter "${name}"`,
      );
}

/** Variants, loads, the live price, drafts and finder fields. */
function checkServices(def: WizardDefinition, env: SemanticEnvironment): void {
  const seen = new Set<string>();
  def.variants?.forEach((variant, i) => {
    if (seen.has(variant.id))
      env.report(`/variants/${i}/id`, `variant "${variant.id}" is declared twice`);
    seen.add(variant.id);
  });
  const contextProperties =
    (env.contextSchema as { properties?: Record<string, unknown> }).properties ?? {};
  const reserved = ['brand', 'environment', 'role', 'variant', 'flags', 'config', 'route', 'entry'];
  for (const [name, load] of Object.entries(def.load ?? {})) {
    if (!load) continue;
    const at = `/load/${name}`;
    if (reserved.includes(name) || !(name in contextProperties))
      env.report(
        at,
        `a load fills context.${name}, but the context (definitions/schema/wizard-context.schema.json) has no loadable property "${name}"`,
      );
    checkRequest(at, load, env, 'GET');
  }
  if (def.quote) {
    checkRequest('/quote', def.quote, env);
    if (!def.steps.some((s) => s.id === def.quote?.showFrom))
      env.report('/quote/showFrom', `there is no step "${def.quote.showFrom}"`);
  }
  draftDeclarations(def).forEach((draft, d) =>
    checkRequest(Array.isArray(def.draft) ? `/draft/${d}` : '/draft', draft, env),
  );
  def.steps.forEach((step, i) => {
    step.content?.forEach((block, b) => {
      const at = `/steps/${i}/content/${b}`;
      if (block.type === 'download' && block.endpoint)
        checkRequest(at, { endpoint: block.endpoint, params: block.params }, env, 'POST');
      block.links?.forEach((link, l) => checkRequest(`${at}/links/${l}`, link, env, 'GET'));
    });
    const fields = stepFields(step, env);
    for (const [field, ui] of Object.entries(step.form?.uiSchema ?? {})) {
      const options = ui as
        { 'ui:widget'?: string; 'ui:options'?: Record<string, unknown> } | undefined;
      if (field.startsWith('ui:') || options?.['ui:widget'] !== 'lookup') continue;
      const at = `/steps/${i}/form/uiSchema/${field}`;
      const endpoint = options['ui:options']?.['endpoint'];
      if (typeof endpoint !== 'string') {
        env.report(at, `the lookup field "${field}" needs ui:options.endpoint (a finder endpoint)`);
        continue;
      }
      checkRequest(`${at}/ui:options`, { endpoint }, env, 'GET');
      const params = (options['ui:options']?.['params'] ?? {}) as Record<string, string>;
      for (const [param, source] of Object.entries(params))
        if (!fields.has(source))
          env.report(
            `${at}/ui:options/params/${param}`,
            `"${source}" is not a field of step "${step.id}"`,
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
