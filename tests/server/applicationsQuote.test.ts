import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import { applicationApi, startApplicationServer } from './helpers/applications.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { price } = applicationApi(() => server);

describe('POST /api/antrag/fahrrad/beitrag (price)', () => {
  it('prices without sign-in: annual and from tomorrow unless told otherwise', async () => {
    const response = await price({ versicherungssumme: 1500, fahrradtyp: 'CITYBIKE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      versicherbar: true,
      grund: null,
      beitrag: 60,
      jahresbeitrag: 60,
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 1500,
    });
  });

  it('prices the chosen covers and payment period; null means not given', async () => {
    const response = await price({
      versicherungssumme: 4000,
      fahrradtyp: 'E_BIKE',
      kaufdatum: '2025-01-10',
      reparatur: true,
      reparaturOhneVerschleiss: true,
      schutzbrief: null,
      zahlweise: 'EINMALIG',
      versicherungsbeginn: null,
    });
    // 4000 * 0.07 * 1.4 = 392 a year; three years at once: 392 * 2.85
    expect(response.json()).toMatchObject({
      versicherbar: true,
      beitrag: 1117.2,
      jahresbeitrag: 372.4,
      zahlweise: 'EINMALIG',
    });
    const nulls = await price({
      versicherungssumme: 1500,
      fahrradtyp: 'CITYBIKE',
      kaufdatum: null,
      reparatur: null,
      reparaturOhneVerschleiss: null,
      schutzbrief: null,
      zahlweise: null,
      versicherungsbeginn: null,
    });
    expect(nulls.json()).toMatchObject({ versicherbar: true, beitrag: 60, zahlweise: 'JAEHRLICH' });
  });

  it('answers 200 with versicherbar false and a German reason for what cannot be insured', async () => {
    const cheap = await price({ versicherungssumme: 150, fahrradtyp: 'KINDERRAD' });
    expect(cheap.statusCode).toBe(200);
    expect(cheap.json()).toEqual({
      versicherbar: false,
      grund: 'Fahrräder mit einem Kaufpreis unter 200 € können wir leider nicht versichern.',
      beitrag: null,
      jahresbeitrag: null,
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 150,
    });
    const dear = await price({ versicherungssumme: 12000, fahrradtyp: 'LASTENRAD' });
    expect(dear.json()).toMatchObject({ versicherbar: false, beitrag: null });
    expect(dear.json<{ grund: string }>().grund).toContain('10.000 €');
    // Bought 2022-06-01: 36 months end on 2025-06-01, before tomorrow.
    const old = await price({
      versicherungssumme: 900,
      fahrradtyp: 'TREKKINGBIKE',
      kaufdatum: '2022-06-01',
    });
    expect(old.json()).toMatchObject({
      versicherbar: false,
      grund: 'Wir versichern Fahrräder, die zum Versicherungsbeginn höchstens 36 Monate alt sind.',
    });
  });

  it('answers 400 with field errors for malformed bodies', async () => {
    for (const [body, path] of [
      [{ fahrradtyp: 'CITYBIKE' }, '/body/versicherungssumme'],
      [{ versicherungssumme: '1500', fahrradtyp: 'CITYBIKE' }, '/body/versicherungssumme'],
      [{ versicherungssumme: 1500, fahrradtyp: 'TANDEM' }, '/body/fahrradtyp'],
      [
        { versicherungssumme: 1500, fahrradtyp: 'CITYBIKE', kaufdatum: '01.03.2025' },
        '/body/kaufdatum',
      ],
      [
        { versicherungssumme: 1500, fahrradtyp: 'CITYBIKE', zahlweise: 'TAEGLICH' },
        '/body/zahlweise',
      ],
      [{ versicherungssumme: 1500, fahrradtyp: 'CITYBIKE', reparatur: 'ja' }, '/body/reparatur'],
      [{ versicherungssumme: 1500, fahrradtyp: 'CITYBIKE', rabatt: 5 }, '/body/rabatt'],
    ] as const) {
      const response = await price(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<{
        error: string;
        fieldErrors: { path: string; message: string }[];
      }>();
      expect(error.error).toBe('validation');
      expect(error.fieldErrors.map((e) => e.path)).toContain(path);
      expect(error.fieldErrors.every((e) => e.message.length > 0)).toBe(true);
    }
  });
});
