import { matchPath } from 'react-router';
import { flows, type FlowEntry } from '../../../../generated/definitions/index.ts';
import { validatorLoaders } from '../../../../generated/validators/index.ts';
import { loadLocalEnvironment } from '../config/localEnvironment.ts';
import { canMatch, pathSegments } from '../layout/RouteTable.tsx';

/**
 * The flows whose route (with or without a step segment) is `pathname`. Flows whose static
 * segments the path does not start with are passed over before React Router compiles a pattern.
 */
export function flowsOfPath(pathname: string): FlowEntry[] {
  const segments = pathSegments(pathname);
  return flows.filter((flow) => {
    const path = `${flow.baseRoute.replace(/\{(\w+)\}/g, ':$1')}/:segment?`;
    return canMatch(path, segments) && matchPath({ path, end: true }, pathname) !== null;
  });
}

/**
 * Requests what a flow route needs before its first render, at once and side by side with the
 * platform's start (flags, common texts): the route's code (FlowRoute and the renderer), the
 * flow's definition, its validators and the local environment. The lazy imports later find the
 * modules loaded or in flight, so the route no longer loads in stages after the entry script.
 * Returns the text namespaces of the matched flows (for the texts' first request).
 */
export function preloadRoute(pathname: string): string[] {
  const matched = flowsOfPath(pathname);
  if (matched.length === 0) return [];
  const ignore = () => undefined;
  import('./FlowRoute.tsx').catch(ignore);
  for (const flow of matched) {
    flow.load().catch(ignore);
    validatorLoaders[flow.id]?.load().catch(ignore);
  }
  loadLocalEnvironment().catch(ignore);
  return [...new Set(matched.map((flow) => flow.i18nNamespace))];
}
