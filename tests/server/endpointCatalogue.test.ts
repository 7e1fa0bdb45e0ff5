import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogue from '../../definitions/api/endpoints.json' with { type: 'json' };
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const endpoints = Object.entries((catalogue as EndpointCatalogue).endpoints);

describe('the endpoint catalogue and the reference backend', () => {
  it('has endpoints the definitions name', () => {
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it.each(endpoints.filter(([, e]) => e?.external !== true).map(([name, e]) => [name, e] as const))(
    'serves %s',
    (_name, endpoint) => {
      if (!endpoint) throw new Error('empty entry');
      // {name} segments are path parameters, as Fastify writes them :name.
      const url = endpoint.path.replace(/\{([^}]+)\}/g, ':$1');
      expect(server.app.hasRoute({ method: endpoint.method, url })).toBe(true);
    },
  );

  it('does not serve an endpoint marked external, so the mark is honest', () => {
    for (const [name, endpoint] of endpoints) {
      if (endpoint?.external !== true) continue;
      const url = endpoint.path.replace(/\{([^}]+)\}/g, ':$1');
      expect(server.app.hasRoute({ method: endpoint.method, url }), name).toBe(false);
    }
  });
});
