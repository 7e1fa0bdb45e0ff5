import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The flow definitions the studio may write: an existing file of a flow folder. */
const WRITABLE = /^definitions\/(applications|claims|self-service|services)\/[a-z0-9-]+\.json$/;
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * The studio's save endpoint, only in the Vite dev server (`apply: 'serve'`, never in a build):
 * POST /__studio/save {path, text} writes the text to an existing flow definition file.
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
