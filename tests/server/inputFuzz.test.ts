import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antworten, ANNA, HANSEN } from './helpers/applications.ts';
import { startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

// Malformed input of every kind an attacker or a broken client sends, against the endpoints that
// write: no answer may be a 500 (or any 5xx), and nothing may reach the database that it refuses.
const lines: string[] = [];
let server: TestServer;
let lastUpdated = '';

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => void lines.push(line) } });
  const contract = await server.app.inject({
    method: 'GET',
    url: '/api/vertrag/vertrag/AS-10000101',
    headers: ANNA,
  });
  lastUpdated = contract.json<{ lastUpdated: string }>().lastUpdated;
}, 60_000);
afterAll(async () => {
  await server.close();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  valid: () => Record<string, Json>;
}

const DRAFT_ID = '7b0c6a52-3f8e-4a39-9d6a-0f1e2d3c4b5a';
const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: '/api/uploads', headers: ANNA, valid: () => ({ name: 'foto.png' }) },
  {
    method: 'POST',
    url: '/api/postfach/benutzer/nachrichten',
    headers: ANNA,
    valid: () => ({ betreff: 'Frage', nachricht: 'Guten Tag' }),
  },
  {
    method: 'POST',
    url: '/api/antrag/fahrrad/beitrag',
    headers: {},
    valid: () => ({ versicherungssumme: 1500, fahrradtyp: 'E_BIKE', kaufdatum: '2025-03-01' }),
  },
  {
    method: 'POST',
    url: '/api/antrag/fahrrad',
    headers: {},
    valid: () => ({ variante: 'customer', antworten: structuredClone(antworten) as Json }),
  },
  {
    method: 'PATCH',
    url: '/api/vertrag/vertrag/AS-10000101',
    headers: ANNA,
    valid: () => ({ lastUpdated, wirksamkeitsdatum: TODAY, zahlweise: 'HALBJAEHRLICH' }),
  },
  {
    method: 'POST',
    url: '/api/vertrag/vertrag/AS-10000101/beitrag/risikoort',
    headers: ANNA,
    valid: () => ({
      versicherungsNummer: 'AS-10000101',
      wirksamkeitsdatum: TODAY,
      risikoOrt: { plz: '24103', ort: 'Kiel', strasse: 'Holstenstraße', hausnummer: '12a' },
    }),
  },
  {
    method: 'PUT',
    url: `/api/vermittler/entwuerfe/${DRAFT_ID}`,
    headers: HANSEN,
    valid: () => ({
      flow: 'fahrrad',
      version: 1,
      partnerNummer: '2000101',
      zustand: { formData: { person: { nachname: 'Muster' } }, currentStep: 'person' },
    }),
  },
];

const nastyString = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfffy',
    '\u001b[31m',
    '\u0007\u0008',
    '\u0085',
    '\u007f',
    'x'.repeat(25_000),
    '',
    ' ',
    "'; DROP TABLE contracts; --",
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '9999-99-99',
    '2025-02-30',
    '\u202e\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 53 + 1, 1e-320, 2 ** 31, 0.1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom<Json>(null, true, false, [], {}, [null], { __proto__: 1 } as Json),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** Raw bodies JSON.stringify cannot make: overflowing numbers, deep nesting, broken JSON. */
const rawBodies = fc.constantFrom(
  '{"versicherungssumme":1e400,"fahrradtyp":"E_BIKE"}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  '{"name":"\\u0000"}',
  '{"name":"\\ud83d"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":',
  '',
  'null',
  '"text"',
  '[1,2,3]',
  `{"k":[${Array.from({ length: 5000 }, () => '1').join(',')}]}`,
  `{${Array.from({ length: 1000 }, (_, i) => `"k${i}":1`).join(',')}}`,
);

/** A valid body with the value at one path replaced, or a nasty extra property. */
function mutate(body: Record<string, Json>, pick: number, value: Json, extraKey: string): Json {
  const paths: (string | number)[][] = [];
  const walk = (node: Json, path: (string | number)[]) => {
    paths.push(path);
    if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child as Json, [...path, key]);
  };
  walk(body, []);
  const path = paths[pick % paths.length] ?? [];
  if (path.length === 0) return { ...body, [extraKey]: value };
  let parent: Json = body;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string, Json>)[key] as Json;
  (parent as Record<string | number, Json>)[path[path.length - 1] as string] = value;
  return body;
}

const statuses: number[] = [];

async function send(endpoint: Endpoint, payload: string): Promise<number> {
  const response = await server.app.inject({
    method: endpoint.method,
    url: endpoint.url,
    headers: { ...endpoint.headers, 'content-type': 'application/json' },
    payload,
  });
  statuses.push(response.statusCode);
  return response.statusCode;
}

describe('malformed input', () => {
  it('never gets a 500 from the endpoints that write (fuzz)', async () => {
    for (const endpoint of ENDPOINTS) {
      await fc.assert(
        fc.asyncProperty(fc.nat(), nastyValue, nastyString, async (pick, value, extraKey) => {
          const body = mutate(endpoint.valid(), pick, value, extraKey);
          expect(await send(endpoint, JSON.stringify(body))).toBeLessThan(500);
        }),
        { numRuns: 30, seed: 1515 },
      );
      await fc.assert(
        fc.asyncProperty(rawBodies, async (raw) => {
          expect(await send(endpoint, raw)).toBeLessThan(500);
        }),
        { numRuns: 14, seed: 1515 },
      );
    }
    expect(statuses.length).toBeGreaterThanOrEqual(100);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // Everything refused was refused before the database: no "database refused input" line.
    const problems = lines.filter((line) => /database refused input|request failed/.test(line));
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses NUL, lone surrogates and control characters with a German 400 and field errors', async () => {
    for (const [name, problem] of [
      ['Foto\u0000.png', 'controlCharacter'],
      ['Foto\ud800.png', 'loneSurrogate'],
      ['Foto\u001b.png', 'controlCharacter'],
    ] as const) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: ANNA,
        payload: { name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'validation',
        message: 'Bitte prüfen Sie Ihre Eingaben.',
        fieldErrors: [{ path: '/body/name', keyword: problem, message: expect.any(String) }],
      });
    }
  });

  it('checks path parameters and the query string as well', async () => {
    const path = await server.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/AS%00-10000101',
      headers: ANNA,
    });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({
      fieldErrors: [{ path: '/params/id', keyword: 'controlCharacter' }],
    });
    const query = await server.app.inject({
      method: 'GET',
      url: '/api/finder/fahrradhersteller?q=Cu%00be',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      fieldErrors: [{ path: '/querystring/q', keyword: 'controlCharacter' }],
    });
    const badUrl = await server.app.inject({ method: 'GET', url: '/api/vertrag/vertrag/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ error: 'validation' });
  });

  it('refuses nesting deeper than 32 levels before anything else reads it', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/antrag/fahrrad',
      headers: { 'content-type': 'application/json' },
      payload: `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: [{ keyword: 'maxDepth' }] });
  });

  it('keeps tabs and line breaks in a message', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/postfach/benutzer/nachrichten',
      headers: ANNA,
      payload: { betreff: 'Zeilen', nachricht: 'Erste Zeile\r\nZweite\tZeile' },
    });
    expect(response.statusCode).toBe(201);
  });
});
