import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_AGENCIES, SEED_PARTNERS } from '../../apps/server/src/seed/people.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

interface Item {
  key: string;
  label: string;
  plz?: string;
  ort?: string;
}

async function get(url: string) {
  const response = await server.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<unknown>(), headers: response.headers };
}

async function items(url: string): Promise<Item[]> {
  const { status, body } = await get(url);
  expect(status, url).toBe(200);
  return body as Item[];
}

describe('GET /api/finder/fahrradhersteller', () => {
  it('finds makers by part of the name, ignoring case and accents, without sign-in', async () => {
    expect(await items('/api/finder/fahrradhersteller?q=cube')).toEqual([
      { key: 'cube', label: 'Cube' },
    ]);
    expect(await items('/api/finder/fahrradhersteller?q=MULLER')).toEqual([
      { key: 'riese-mueller', label: 'Riese & Müller' },
    ]);
    expect(await items('/api/finder/fahrradhersteller?q=m%C3%BCller')).toEqual([
      { key: 'riese-mueller', label: 'Riese & Müller' },
    ]);
    expect(await items('/api/finder/fahrradhersteller?q=mueller')).toEqual([
      { key: 'riese-mueller', label: 'Riese & Müller' },
    ]);
    expect((await items('/api/finder/fahrradhersteller?q=cervelo')).map((i) => i.label)).toEqual([
      'Cervélo',
    ]);
  });

  it('lists names starting with the text first, each group alphabetically', async () => {
    const labels = async (q: string) =>
      (await items(`/api/finder/fahrradhersteller?q=${q}`)).map((i) => i.label);
    expect(await labels('st')).toEqual(['Stevens', 'Storck', 'Stromer', 'Ghost', 'Moustache']);
    expect(await labels('RA')).toEqual(['Radon', 'Raleigh', 'Corratec', 'Tout Terrain', 'Winora']);
  });

  it('answers at most 20 makers', async () => {
    const found = await items('/api/finder/fahrradhersteller?q=e');
    expect(found).toHaveLength(20);
    expect(new Set(found.map((i) => i.key)).size).toBe(20);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await items('/api/finder/fahrradhersteller?q=zzzz')).toEqual([]);
  });

  it('refuses a missing, empty, blank or too long text with 400', async () => {
    for (const url of [
      '/api/finder/fahrradhersteller',
      '/api/finder/fahrradhersteller?q=',
      '/api/finder/fahrradhersteller?q=%20%20',
      `/api/finder/fahrradhersteller?q=${'a'.repeat(61)}`,
      '/api/finder/fahrradhersteller?q=cube&x=1',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body).toMatchObject({
        error: 'validation',
        message: 'Bitte prüfen Sie Ihre Eingaben.',
      });
    }
  });
});

describe('GET /api/adresse/orte', () => {
  it('answers the places (the city as label) of postcodes starting with the digits', async () => {
    expect(await items('/api/adresse/orte?plz=24103')).toEqual([
      { key: '24103-kiel', label: 'Kiel', plz: '24103', ort: 'Kiel' },
    ]);
    const berlin = await items('/api/adresse/orte?plz=101');
    expect(berlin.map((i) => `${i.plz} ${i.label}`)).toEqual(['10115 Berlin', '10117 Berlin']);
    const eight = await items('/api/adresse/orte?plz=8');
    expect(eight.map((i) => i.plz)).toEqual(['8001', '80331', '80802']);
  });

  it('narrows by part of the place name when the lookup sends one', async () => {
    const found = await items('/api/adresse/orte?plz=2&ort=ham');
    expect(found.map((i) => `${i.plz} ${i.label}`)).toEqual(['20095 Hamburg', '22763 Hamburg']);
  });

  it('answers at most 20 places and an empty list for an unknown postcode', async () => {
    expect((await items('/api/adresse/orte?plz=0')).length).toBeGreaterThan(0);
    expect(await items('/api/adresse/orte?plz=99999')).toEqual([]);
    const all = [];
    for (const digit of '0123456789') all.push(...(await items(`/api/adresse/orte?plz=${digit}`)));
    expect(all.length).toBeGreaterThanOrEqual(15);
    for (const digit of '0123456789')
      expect((await items(`/api/adresse/orte?plz=${digit}`)).length).toBeLessThanOrEqual(20);
  });

  it('knows every postcode of the demo customers and agencies', async () => {
    for (const { plz, ort } of [...SEED_PARTNERS, ...SEED_AGENCIES]) {
      const found = await items(`/api/adresse/orte?plz=${plz}`);
      expect(found, plz).toContainEqual(expect.objectContaining({ plz, ort }));
    }
  });

  it('refuses a postcode that is not 1 to 5 digits with 400', async () => {
    for (const url of [
      '/api/adresse/orte',
      '/api/adresse/orte?plz=',
      '/api/adresse/orte?plz=123456',
      '/api/adresse/orte?plz=24a',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body).toMatchObject({
        error: 'validation',
        fieldErrors: [expect.objectContaining({ path: expect.stringMatching(/^\/querystring/) })],
      });
    }
  });
});

describe('GET /api/adresse/strassen', () => {
  it('answers the streets of a postcode containing the text, starts first', async () => {
    expect(await items('/api/adresse/strassen?plz=24103&q=holsten')).toEqual([
      { key: 'holstenplatz', label: 'Holstenplatz' },
      { key: 'holstenstrasse', label: 'Holstenstraße' },
    ]);
    const strasse = await items('/api/adresse/strassen?plz=10117&q=STRASSE');
    expect(strasse.map((i) => i.label)).toContain('Friedrichstraße');
    const markt = await items('/api/adresse/strassen?plz=48143&q=markt');
    expect(markt.map((i) => i.label)).toEqual(['Prinzipalmarkt', 'Roggenmarkt']);
  });

  it('answers up to 20 streets without a text, and the streets of the demo addresses', async () => {
    const all = await items('/api/adresse/strassen?plz=80331');
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.length).toBeLessThanOrEqual(20);
    for (const { plz, strasse } of [...SEED_PARTNERS, ...SEED_AGENCIES].filter(
      (p) => p.plz.length === 5,
    )) {
      const found = await items(
        `/api/adresse/strassen?plz=${plz}&q=${encodeURIComponent(strasse)}`,
      );
      expect(
        found.map((i) => i.label),
        `${plz} ${strasse}`,
      ).toContain(strasse);
    }
  });

  it('answers an empty list for an unknown postcode or street', async () => {
    expect(await items('/api/adresse/strassen?plz=99999')).toEqual([]);
    expect(await items('/api/adresse/strassen?plz=24103&q=nirgendwo')).toEqual([]);
  });

  it('finds the streets of a Swiss postcode (four digits)', async () => {
    expect((await items('/api/adresse/strassen?plz=8001&q=Bahnhof')).map((i) => i.label)).toContain(
      'Bahnhofstrasse',
    );
  });

  it('refuses a postcode that is not 4 or 5 digits with 400', async () => {
    for (const url of [
      '/api/adresse/strassen',
      '/api/adresse/strassen?plz=241',
      '/api/adresse/strassen?plz=241030',
      `/api/adresse/strassen?plz=24103&q=${'a'.repeat(61)}`,
    ]) {
      expect((await get(url)).status, url).toBe(400);
    }
  });
});

describe('GET /api/finder/<catalogue> (dog breeds, business types)', () => {
  it('finds dog breeds by part of the name, umlauts spelt out or not', async () => {
    expect(await items('/api/finder/hunderassen?q=sch%C3%A4fer')).toEqual([
      { key: 'deutscher-schaeferhund', label: 'Deutscher Schäferhund' },
    ]);
    expect((await items('/api/finder/hunderassen?q=schaefer')).map((i) => i.key)).toEqual([
      'deutscher-schaeferhund',
    ]);
    const terriers = (await items('/api/finder/hunderassen?q=terrier')).map((i) => i.label);
    expect(terriers.length).toBeGreaterThan(5);
    expect(terriers.length).toBeLessThanOrEqual(20);
  });

  it('finds business types, names starting with the text first', async () => {
    const found = (await items('/api/finder/gewerbearten?q=bera')).map((i) => i.label);
    expect(found).toEqual(
      expect.arrayContaining(['Finanzberatung', 'IT-Beratung', 'Unternehmensberatung']),
    );
    expect(await items('/api/finder/gewerbearten?q=b%C3%A4cker')).toEqual([
      { key: 'baeckerei', label: 'Bäckerei' },
    ]);
  });

  it('answers 404 for a catalogue that does not exist', async () => {
    expect((await get('/api/finder/unbekannt?q=a')).status).toBe(404);
  });

  it('refuses a missing or blank search text', async () => {
    expect((await get('/api/finder/hunderassen')).status).toBe(400);
    expect((await get('/api/finder/hunderassen?q=%20')).status).toBe(400);
  });
});
