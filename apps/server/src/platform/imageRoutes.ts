import type { FastifyInstance } from 'fastify';
import { createReadStream, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { platformText, type ResolvedPlatformOptions } from './options.ts';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** The file of an /images path inside the images folder, or undefined (outside, absent, no image). */
export function imageFile(imagesDir: string, path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const root = resolve(imagesDir);
  const file = resolve(root, `.${sep}${decoded}`);
  if (!file.startsWith(root + sep) || !TYPES[extname(file).toLowerCase()]) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /images/*: images from apps/web/public/images, for the paths content-network URLs are
 * rewritten to (fm, w and q are accepted; the original file is sent). An absent image gets a 404
 * with a German message; nothing is ever fetched from the internet.
 */
export function registerImageRoutes(app: FastifyInstance, options: ResolvedPlatformOptions): void {
  app.get<{ Params: { '*': string } }>('/images/*', async (request, reply) => {
    const file = imageFile(options.imagesDir, request.params['*']);
    if (!file)
      return reply.code(404).send({
        error: 'not-found',
        message: platformText(options.definitionsDir, 'imageNotFound'),
      });
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    return reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .send(createReadStream(file));
  });
}
