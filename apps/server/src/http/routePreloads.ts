import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WizardDefinition } from '#engine';
import { bundlePath, translationSource } from '#engine';

/**
 * What the web build writes for the server (apps/web/routeModules.ts, `.vite/route-modules.json`):
 * the files the entry loads anyway, the flow route's files and each flow's, each with its imports.
 */
interface RouteModules {
  initial: string[];
  flowRoute: string[];
  flows: Record<string, string[]>;
}

/**
 * The app's HTML for a path on a host: with the flow route's modules and texts to preload, or
 * undefined (the file as built).
 */
export type RouteHtml = (pathname: string, hostname: string) => string | undefined;

/** The routes a flow runs under: its variants' or its own, `{param}` matching one path segment. */
function flowRoutes(definition: WizardDefinition): RegExp[] {
  const routes = definition.variants?.length
    ? definition.variants.map((variant) => variant.baseRoute)
    : [definition.baseRoute];
  return routes.map((route) => {
    const pattern = route
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    // The route itself or one step below it (`/antrag/<flow>/<step>`).
    return new RegExp(`^${pattern}(?:/[^/]+)?/?$`);
  });
}

/**
 * The HTML of a flow route tells the browser, in its head, every module the route will import (the
 * route's code: FlowRoute with the renderer and the engine, the flow's definition and its
 * validators, with what they import) and the two text bundles it requests first (`common` and the
 * flow's, from the source the app picks from the host and the default flags), and the answers it
 * awaits before its first step (locally the server's ports). The browser then
 * loads them beside the entry script instead of one stage after it. Read once from what the web
 * build writes for it (`.vite/route-modules.json`); without that file (tests with a stand-in web
 * root) every path gets the file as built.
 */
export function routeHtml(
  webRoot: string,
  definitions: () => Iterable<WizardDefinition>,
  /** The flags' defaults the app starts from (read when a flow route is first asked for). */
  defaultFlags: () => Readonly<Record<string, boolean>>,
  /** Further answers a flow route awaits before its first step (the local environment's ports). */
  fetches: readonly string[] = [],
): RouteHtml {
  const modulesFile = join(webRoot, '.vite', 'route-modules.json');
  const htmlFile = join(webRoot, 'index.html');
  if (!existsSync(modulesFile) || !existsSync(htmlFile)) return () => undefined;
  const built = JSON.parse(readFileSync(modulesFile, 'utf8')) as RouteModules;
  const html = readFileSync(htmlFile, 'utf8');
  // What the HTML loads anyway: the entry and what it imports.
  const loaded = new Set(built.initial);
  let routes: { pattern: RegExp; definition: WizardDefinition }[] | undefined;
  let flags: Readonly<Record<string, boolean>> | undefined;
  const pages = new Map<string, string>();
  const pageOf = (definition: WizardDefinition, hostname: string): string => {
    flags ??= defaultFlags();
    const source = translationSource(hostname, flags);
    const key = `${definition.id} ${source}`;
    const known = pages.get(key);
    if (known !== undefined) return known;
    const files = new Set([...built.flowRoute, ...(built.flows[definition.id] ?? [])]);
    const modules = [...files]
      .filter((file) => !loaded.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    // i18next's requests (mode cors, credentials same-origin) match a fetch preload with crossorigin.
    const texts = [...new Set(['common', definition.i18nNamespace])]
      .map((namespace) => bundlePath(source, namespace))
      .concat(fetches)
      .map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`);
    const page = html.replace('</head>', `${[...texts, ...modules].join('')}</head>`);
    pages.set(key, page);
    return page;
  };
  return (pathname, hostname) => {
    routes ??= [...definitions()].flatMap((definition) =>
      flowRoutes(definition).map((pattern) => ({ pattern, definition })),
    );
    const match = routes.find((route) => route.pattern.test(pathname));
    return match ? pageOf(match.definition, hostname) : undefined;
  };
}
