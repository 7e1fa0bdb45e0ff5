import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contextLoads, type WizardDefinition } from '#engine';
import type { EndpointCatalogue } from '../../../../generated/types/endpoints.ts';

/** Asks the server itself (Fastify's inject) for a GET of a load; answers its status. */
export type StatusOf = (url: string) => Promise<number>;

/** Whether a path of the web app names something the data does not have. */
export type RouteMissing = (pathname: string) => Promise<boolean>;

interface Pattern {
  regex: RegExp;
  names: string[];
  definition: WizardDefinition;
}

/** The routes of a flow as patterns that capture its `{param}`s (its own or one step below). */
function patternsOf(definition: WizardDefinition): Pattern[] {
  const routes = definition.variants?.length
    ? definition.variants.map((variant) => variant.baseRoute)
    : [definition.baseRoute];
  return routes.map((route) => {
    const names = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const body = route
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('([^/]+)');
    return { regex: new RegExp(`^${body}(?:/[^/]+)?/?$`), names, definition };
  });
}

/**
 * A flow whose definition loads data with `notFoundPage` exists only where that data does: the
 * address of a claim app for a route no claim product has is not found. For such a path the
 * loads are asked (public endpoints over the route's parameters alone, through the server
 * itself) and a 404 of one makes the path missing, so the server answers the app's HTML with 404.
 * Other paths are never asked about.
 */
export function missingRoutes(
  definitions: () => Iterable<WizardDefinition>,
  root: string,
  statusOf: StatusOf,
): RouteMissing {
  let patterns: Pattern[] | undefined;
  let endpoints: EndpointCatalogue['endpoints'] | undefined;
  return async (pathname) => {
    patterns ??= [...definitions()]
      .filter((d) => Object.values(d.load ?? {}).some((load) => load?.notFoundPage === true))
      .flatMap(patternsOf);
    const match = patterns
      .map((pattern) => ({ pattern, found: pattern.regex.exec(pathname) }))
      .find(({ found }) => found !== null);
    if (!match?.found) return false;
    let route: Record<string, string>;
    try {
      route = Object.fromEntries(
        match.pattern.names.map((name, i) => [
          name,
          decodeURIComponent(match.found?.[i + 1] ?? ''),
        ]),
      );
    } catch {
      return true;
    }
    endpoints ??= (
      JSON.parse(
        readFileSync(join(root, 'definitions', 'api', 'endpoints.json'), 'utf8'),
      ) as EndpointCatalogue
    ).endpoints;
    const loads = contextLoads(match.pattern.definition, { route }, endpoints).filter(
      (load) => load.notFoundPage && load.request.auth === 'none' && load.request.method === 'GET',
    );
    for (const load of loads) if ((await statusOf(load.request.url)) === 404) return true;
    return false;
  };
}
