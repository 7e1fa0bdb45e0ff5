import { sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Hashed build output: the name changes with the content, so a browser may keep it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the SPA fallback, images, the demo parent): revalidate each time. */
export const REVALIDATE = 'no-cache';

/**
 * How the built web app is served: the brotli or gzip copy written at build time
 * (apps/web/precompress.ts) chosen by the request's Accept-Encoding, files under /assets cached
 * for a year as immutable (vite names them by content hash), all others revalidated (ETag and
 * Last-Modified answer 304 when unchanged).
 */
export function staticOptions(webRoot: string): FastifyStaticOptions {
  const assets = `${webRoot}${sep}assets${sep}`;
  return {
    root: webRoot,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    // What the build writes for the server (.vite/route-modules.json, routePreloads.ts) is not public.
    allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
    setHeaders: (response, path) => {
      response.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      // A cache between must not hand a brotli body to a client that did not ask for it.
      response.setHeader('Vary', 'Accept-Encoding');
    },
  };
}
