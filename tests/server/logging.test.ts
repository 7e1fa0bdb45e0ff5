import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedPath } from '../../apps/server/src/http/logging.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await server.close();
});

describe('logs', () => {
  it('carry a request id and the route, but no personal data', async () => {
    const headers = asCustomer('2000101');
    const view = await server.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/AS-10000101',
      headers,
    });
    expect(view.statusCode).toBe(200);
    await server.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/findByPartnerNummer/2000101?email=anna.schmidt@beispiel.example',
      headers,
    });
    await server.app.inject({
      method: 'PATCH',
      url: '/api/vertrag/vertrag/AS-10000101',
      headers,
      payload: {
        lastUpdated: view.json<{ lastUpdated: string }>().lastUpdated,
        wirksamkeitsdatum: TODAY,
        zahlweise: 'Schmidt DE65100500000123456701',
      },
    });
    await server.app.inject({
      method: 'GET',
      url: '/api/unbekannt/AS-10000101/anna.schmidt@beispiel.example',
    });

    expect(lines.length).toBeGreaterThanOrEqual(8);
    const text = lines.join('\n');
    for (const secret of [
      'AS-10000101',
      '2000101',
      'Schmidt',
      'anna.schmidt',
      'DE65100500000123456701',
      'Jens Hansen',
    ]) {
      expect(text).not.toContain(secret);
    }
    const completed = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry['msg'] === 'request completed');
    expect(completed.length).toBe(4);
    for (const entry of completed) expect(entry['reqId']).toMatch(/^[0-9a-f-]{36}$/);
    expect(text).toContain('/api/vertrag/vertrag/:id');
  });

  it('mask every segment of an unmatched path after the first', () => {
    expect(redactedPath({ url: '/api/x/HFK-20000101/info?name=M%C3%BCller' })).toBe(
      '/api/:x/:x/:x',
    );
    expect(redactedPath({ url: '/api/Mustermann' })).toBe('/api/:x');
    expect(redactedPath({ url: '/a@b/2000101' })).toBe('/:x/:x');
  });
});
