import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The flow definitions the studio may write: an existing file of a flow folder. */
const WRITABLE = /^definitions\/(applications|claims|self-service|services)\/[a-z0-9-]+\.json$/;
const MAX_BYTES = 2 * 1024 * 1024;

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the dev server is opened under: those of the URLs it prints (Vite's
 * `resolvedUrls`), and for a loopback one the same scheme and port under the other loopback names.
 */
export function ownOrigins(urls: readonly string[]): Set<string> {
  const origins = new Set<string>();
  for (const text of urls) {
    const url = new URL(text);
    origins.add(url.origin);
    if (!LOOPBACK.includes(url.hostname)) continue;
    for (const name of LOOPBACK) {
      const alias = new URL(url.origin);
      alias.hostname = name;
      origins.add(alias.origin);
    }
  }
  return origins;
}

/**
 * The studio's save endpoint, only in the Vite dev server (`apply: 'serve'`, never in a build):
 * POST /__studio/save {path, text} writes the text to an existing flow definition file. Only the
 * studio's own page may save: the request's `Origin` must be exactly one of the dev server's own
 * ({@link ownOrigins}); a missing or foreign one gets 403, so another site open in the same browser
 * cannot write the definitions with a cross-site POST.
 */
export function studioEndpoints(repositoryRoot: string): Plugin {
  return {
    name: 'studio-endpoints',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/__studio/save', (req, res) => {
        const answer = (status: number, body: unknown): void => {
          res.statusCode = status;
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST') return answer(405, { message: 'Nur POST ist erlaubt.' });
        const urls = [
          ...(server.resolvedUrls?.local ?? []),
          ...(server.resolvedUrls?.network ?? []),
        ];
        if (!ownOrigins(urls).has(req.headers.origin ?? ''))
          return answer(403, { message: 'Speichern ist nur aus dem Studio selbst erlaubt.' });
        let raw = '';
        req.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
          if (raw.length > MAX_BYTES) req.destroy();
        });
        req.on('end', () => {
          let body: { path?: unknown; text?: unknown };
          try {
            body = JSON.parse(raw) as { path?: unknown; text?: unknown };
          } catch {
            return answer(400, { message: 'Die Anfrage ist kein JSON.' });
          }
          const { path, text } = body;
          if (typeof path !== 'string' || !WRITABLE.test(path) || typeof text !== 'string')
            return answer(400, { message: 'Pfad oder Text fehlen oder sind ungültig.' });
          const file = join(repositoryRoot, path);
          if (!existsSync(file)) return answer(404, { message: 'Diese Definition gibt es nicht.' });
          writeFileSync(file, text);
          answer(200, { path });
        });
      });
    },
  };
}
