import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { platformText, readJson, type ResolvedPlatformOptions } from './options.ts';

/** Path prefix of the local flag endpoint (the SDK's baseUrl, streamUrl and eventsUrl). */
export const FLAGS_PREFIX = '/api/flags';

/** One flag as the client-side SDK expects it from /sdk/evalx. */
export interface EvaluatedFlag {
  value: boolean;
  version: number;
  variation: number;
  trackEvents: boolean;
}

interface Catalogue {
  flags: Record<string, { default: boolean }>;
}

/** The flags' values: the catalogue's defaults, overridden by the values file when it exists. */
export function flagValues(
  definitionsDir: string,
  flagsFile: string | undefined,
): Record<string, boolean> {
  const catalogue = readJson(join(definitionsDir, 'flags.json')) as Catalogue;
  const values: Record<string, boolean> = {};
  for (const [key, flag] of Object.entries(catalogue.flags)) values[key] = flag.default;
  if (flagsFile && existsSync(flagsFile)) {
    const overrides = readJson(flagsFile);
    if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides))
      throw new Error(`${flagsFile} must map flag keys to true or false`);
    for (const [key, value] of Object.entries(overrides)) {
      if (key in values && typeof value === 'boolean') values[key] = value;
    }
  }
  return values;
}

/** The flag map of an evalx answer. */
export function evaluatedFlags(values: Record<string, boolean>): Record<string, EvaluatedFlag> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      { value, version: 1, variation: value ? 0 : 1, trackEvents: false },
    ]),
  );
}

function decodeContext(encoded: string): unknown {
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isContext = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { key?: unknown }).key === 'string';

/**
 * The flag service's endpoints the client-side SDK calls, answered from definitions/flags.json and
 * the flag values file: evalx by GET (base64url context) and REPORT, goals (none), events
 * (accepted and dropped). Streaming is off in the SDK options.
 */
export function registerFlagRoutes(app: FastifyInstance, options: ResolvedPlatformOptions): void {
  const environment = readJson(
    join(options.definitionsDir, 'environments', `${options.environment}.json`),
  ) as {
    flags: { clientId: string };
  };
  const clientId = environment.flags.clientId;
  const unknownClient = (reply: FastifyReply) =>
    reply.code(404).send({
      error: 'not-found',
      message: platformText(options.definitionsDir, 'flagEnvironmentUnknown'),
    });
  const answer = (id: string, context: unknown, reply: FastifyReply) => {
    if (id !== clientId) return unknownClient(reply);
    if (!isContext(context))
      return reply.code(400).send({ error: 'validation', message: 'invalid context' });
    return reply
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(evaluatedFlags(flagValues(options.definitionsDir, options.flagsFile)));
  };

  if (!app.supportedMethods.includes('REPORT')) app.addHttpMethod('REPORT', { hasBody: true });
  app.get<{ Params: { clientId: string; context: string } }>(
    `${FLAGS_PREFIX}/sdk/evalx/:clientId/contexts/:context`,
    async (request, reply) =>
      answer(request.params.clientId, decodeContext(request.params.context), reply),
  );
  app.route<{ Params: { clientId: string } }>({
    method: 'REPORT',
    url: `${FLAGS_PREFIX}/sdk/evalx/:clientId/context`,
    handler: async (request, reply) => answer(request.params.clientId, request.body, reply),
  });
  app.get<{ Params: { clientId: string } }>(
    `${FLAGS_PREFIX}/sdk/goals/:clientId`,
    async (request, reply) =>
      request.params.clientId === clientId ? reply.send([]) : unknownClient(reply),
  );
  app.post(`${FLAGS_PREFIX}/events/bulk/:clientId`, async (_request, reply) =>
    reply.code(202).send(),
  );
  app.post(`${FLAGS_PREFIX}/events/diagnostic/:clientId`, async (_request, reply) =>
    reply.code(202).send(),
  );
}
