import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { hyphenateBundle } from './hyphenation.ts';
import { platformText, readJson, type ResolvedPlatformOptions } from './options.ts';

const NAMESPACE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A bundle as sent: its JSON and, made once per version of its file, brotli and gzip copies. */
interface Encoded {
  version: string;
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The bundle of `file` without its $schema, its texts hyphenated (soft hyphens in long words),
 * encoded; made again when the file changed.
 */
function encodedBundle(file: string, cache: Map<string, Encoded>): Encoded {
  const { mtimeMs, size } = statSync(file);
  const version = `${mtimeMs} ${size}`;
  const known = cache.get(file);
  if (known?.version === version) return known;
  const bundle = readJson(file) as Record<string, unknown>;
  delete bundle['$schema'];
  const json = Buffer.from(JSON.stringify(hyphenateBundle(bundle)));
  const encoded = {
    version,
    json,
    br: brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
    gzip: gzipSync(json, { level: 9 }),
  };
  cache.set(file, encoded);
  return encoded;
}

/** Sends the bundle brotli- or gzip-encoded as the request's Accept-Encoding allows, else plain. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, bundle: Encoded) {
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
  reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(bundle.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(bundle.gzip);
  return reply.send(bundle.json);
}

/**
 * GET /api/i18n/{preview|live}/{namespace}: a German bundle of definitions/locales/de (without its
 * $schema, with soft hyphens in long words: hyphenation.ts), brotli or gzip as the browser accepts (a bundle shrinks to a third: common 18 -> 6 KB).
 * Locally both sources serve the same files and `translation` is an empty object.
 */
export function registerTranslationRoutes(
  app: FastifyInstance,
  options: ResolvedPlatformOptions,
): void {
  const cache = new Map<string, Encoded>();
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
      return sendEncoded(request, reply, encodedBundle(file, cache));
    },
  );
}
