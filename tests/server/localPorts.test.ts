import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimAppPortsOf } from '../../apps/server/src/platform/index.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

let moved: TestServer;
let plain: TestServer;
beforeAll(async () => {
  moved = await startTestServer({ localPorts: { port: 4781, claimAppPorts: [4791, 4792] } });
  plain = await startTestServer();
}, 60_000);
afterAll(async () => {
  await moved.close();
  await plain.close();
});

describe('the ports a local server was started with', () => {
  it('move the claim entry forward targets to CLAIM_APP_PORTS', async () => {
    const response = await moved.app.inject({ method: 'GET', url: '/api/platform/lokal' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ claimApps: Record<string, Record<string, string>> }>();
    // Liability claims on the first claim app, property, bike and travel on the second.
    expect(body.claimApps['hfk']).toEqual({
      THV: 'http://localhost:4791/schaden-melden/thv/0',
      PHV: 'http://localhost:4791/schaden-melden/phv/0',
      BHV: 'http://localhost:4791/schaden-melden/bhv/0',
      SI: 'http://localhost:4792/schaden-melden/si/0',
      VH: 'http://localhost:4792/schaden-melden/vh/0',
      FAHRRAD: 'http://localhost:4792/schaden-melden/fahrrad/0',
      HAUSRAT: 'http://localhost:4792/schaden-melden/hausrat/0',
      REISE: 'http://localhost:4792/schaden-melden/reise/0',
    });
    expect(body.claimApps['andsafe']?.['PHV']).toBe('http://localhost:4791/schaden-melden/phv/0');
  });

  it('let the platform be embedded from its own port (the demo parent on PORT)', async () => {
    const lokal = await moved.app.inject({ method: 'GET', url: '/api/platform/lokal' });
    expect(lokal.json<{ frameOrigins: string[] }>().frameOrigins).toEqual(
      expect.arrayContaining([
        'http://localhost:4781',
        'http://127.0.0.1:4781',
        'http://localhost:4600',
      ]),
    );
    const page = await moved.app.inject({ method: 'GET', url: '/api/platform/lokal' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'self' [^;]*http:\/\/localhost:4781/);
    const other = String(
      (await plain.app.inject({ method: 'GET', url: '/api/platform/lokal' })).headers[
        'content-security-policy'
      ],
    );
    expect(other).not.toContain('4781');
  });

  it('are not told by a server that does not know them', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/platform/lokal' })).statusCode).toBe(
      404,
    );
  });

  it('read CLAIM_APP_PORTS: unset gives the defaults, empty none, junk is dropped', () => {
    expect(claimAppPortsOf(undefined)).toEqual([4610, 4620]);
    expect(claimAppPortsOf('')).toEqual([]);
    expect(claimAppPortsOf(' 4711, x, 4712 ,70000')).toEqual([4711, 4712]);
  });
});
