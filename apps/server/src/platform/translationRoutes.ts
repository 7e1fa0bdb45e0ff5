import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { platformText, readJson, type ResolvedPlatformOptions } from './options.ts';

const NAMESPACE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * GET /api/i18n/{preview|live}/{namespace}: a German bundle of definitions/locales/de (without its
 * $schema). Locally both sources serve the same files and `translation` is an empty object.
 */
export function registerTranslationRoutes(
  app: FastifyInstance,
  options: ResolvedPlatformOptions,
): void {
  app.get<{ Params: { source: string; namespace: string } }>(
    '/api/i18n/:source/:namespace',
    async (request, reply) => {
      const { source, namespace } = request.params;
      const notFound = () =>
        reply.code(404).send({
          error: 'not-found',
          message: platformText(options.definitionsDir, 'translationNotFound'),
        });
      if ((source !== 'preview' && source !== 'live') || !NAMESPACE.test(namespace))
        return notFound();
      reply.header('cache-control', source === 'preview' ? 'no-store' : 'public, max-age=300');
      reply.header('x-translation-source', source);
      if (namespace === 'translation' && options.environment === 'localhost') return reply.send({});
      const file = join(options.definitionsDir, 'locales/de', `${namespace}.json`);
      if (!existsSync(file)) return notFound();
      const bundle = readJson(file) as Record<string, unknown>;
      delete bundle['$schema'];
      return reply.send(bundle);
    },
  );
}
