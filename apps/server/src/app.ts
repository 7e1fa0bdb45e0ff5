import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Options of {@link buildServer}. */
export interface ServerOptions {
  /** Folder of the built web app (vite build output); not served when absent. */
  webRoot?: string;
  /** Log requests (structured JSON); off in tests. */
  logger?: boolean;
}

/** The reference backend: serves the built web app, with the SPA's routes falling back to index.html. */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  const webRoot = resolve(options.webRoot ?? 'dist/web');
  if (existsSync(webRoot)) {
    await app.register(fastifyStatic, { root: webRoot, index: ['index.html'] });
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/')) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ error: 'not-found', message: 'Diese Adresse gibt es nicht.' });
    });
  }
  return app;
}
