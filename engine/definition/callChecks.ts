import { draftDeclarations, type WizardDefinition } from './types.ts';
import { locateCalls, outcomeCases } from './walk.ts';
import { stepFields, type SemanticEnvironment } from './semanticEnvironment.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';

type Endpoint = EndpointCatalogue['endpoints'][string];

/** Checks that a request names a known endpoint and gives exactly its path parameters. */
function checkRequest(
  pointer: string,
  request: { endpoint: string; params?: Record<string, unknown> | undefined },
  env: SemanticEnvironment,
  method?: string,
): Endpoint | undefined {
  const endpoint = env.endpoints[request.endpoint];
  if (!endpoint) {
    env.report(
      `${pointer}/endpoint`,
      `unknown endpoint "${request.endpoint}"; it must be declared in definitions/api/endpoints.json`,
    );
    return undefined;
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
  return endpoint;
}

/** Variants, loads, the live price, drafts and finder fields. */
export function checkServices(def: WizardDefinition, env: SemanticEnvironment): void {
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

/** Calls run on leaving a step: endpoint, parameters, credential, body and every outcome. */
export function checkCalls(def: WizardDefinition, env: SemanticEnvironment): void {
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
    const endpoint = checkRequest(pointer, call, env);
    if (!endpoint) continue;
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
