import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import { applicationApi, HANSEN, startApplicationServer } from './helpers/applications.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { price } = applicationApi(() => server);

/** A price call of the customer variant with the answers given so far. */
const quote = (antworten: Record<string, Record<string, unknown>>, extra: object = {}) =>
  price({ variante: 'customer', marke: 'andsafe', antworten, ...extra });

const bike = (fahrrad: Record<string, unknown>) => ({
  fahrrad: { hersteller: 'Cube', rahmennummer: 'AB-1234', ...fahrrad },
});

describe('POST /api/antrag/{flow}/beitrag (price)', () => {
  it('prices the answers given so far without sign-in: annual and from tomorrow unless answered', async () => {
    const response = await quote(bike({ kaufpreis: 1500, typ: 'CITYBIKE' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      versicherbar: true,
      grund: null,
      beitrag: 60,
      jahresbeitrag: 60,
      waehrung: 'EUR',
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 1500,
      versicherungsbeginn: '2025-06-16',
      versicherungsteuer: 9.58,
    });
  });

  it('prices the chosen covers and payment period', async () => {
    const response = await quote({
      ...bike({ kaufpreis: 4000, typ: 'E_BIKE', kaufdatum: '2025-01-10' }),
      deckung: { reparatur: true, reparaturOhneVerschleiss: true, schutzbrief: false },
      zahlweise: { zahlweise: 'EINMALIG' },
    });
    // 4000 * 0.07 * 1.4 = 392 a year; three years at once: 392 * 2.85
    expect(response.json()).toMatchObject({
      versicherbar: true,
      beitrag: 1117.2,
      jahresbeitrag: 372.4,
      zahlweise: 'EINMALIG',
    });
  });

  it('answers 200 with versicherbar false and the tariff’s German reason for what cannot be insured', async () => {
    const cheap = await quote(bike({ kaufpreis: 200, typ: 'KINDERRAD', kaufdatum: '2022-06-01' }));
    expect(cheap.statusCode).toBe(200);
    // Bought 2022-06-01: 36 months end on 2025-06-01, before tomorrow.
    expect(cheap.json()).toEqual({
      versicherbar: false,
      grund: 'Wir versichern Fahrräder, die zum Versicherungsbeginn höchstens 36 Monate alt sind.',
      grundFelder: ['fahrrad.kaufdatum', 'beginn.versicherungsbeginn'],
      beitrag: null,
      jahresbeitrag: null,
      waehrung: 'EUR',
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 200,
      versicherungsbeginn: '2025-06-16',
      versicherungsteuer: null,
    });
  });

  it('shows the rating worksheet to a signed-in agent only', async () => {
    const antworten = bike({ kaufpreis: 1500, typ: 'RENNRAD' });
    const agent = await price({ variante: 'agent', partnerNummer: '2000103', antworten }, HANSEN);
    expect(agent.statusCode).toBe(200);
    const { rechenweg } = agent.json<{
      rechenweg: { schritte: { id: string; wert?: number }[] };
    }>();
    expect(rechenweg.schritte.find((s) => s.id === 'mal-typfaktor')?.wert).toBe(1.2);
    expect(rechenweg.schritte.find((s) => s.id === 'satz-reparatur')).toMatchObject({
      ausgefuehrt: false,
    });
    expect((await quote(antworten)).json()).not.toHaveProperty('rechenweg');
  });

  it('checks what is given with the flow: 400 with German field errors under /body/antworten', async () => {
    for (const [antworten, path] of [
      [bike({ kaufpreis: '1500', typ: 'CITYBIKE' }), '/body/antworten/fahrrad/kaufpreis'],
      [bike({ kaufpreis: 150, typ: 'CITYBIKE' }), '/body/antworten/fahrrad/kaufpreis'],
      [bike({ kaufpreis: 1500, typ: 'TANDEM' }), '/body/antworten/fahrrad/typ'],
      [
        bike({ kaufpreis: 1500, typ: 'CITYBIKE', kaufdatum: '01.03.2025' }),
        '/body/antworten/fahrrad/kaufdatum',
      ],
      [
        { ...bike({ kaufpreis: 1500, typ: 'CITYBIKE' }), zahlweise: { zahlweise: 'TAEGLICH' } },
        '/body/antworten/zahlweise/zahlweise',
      ],
      [
        { ...bike({ kaufpreis: 1500, typ: 'CITYBIKE' }), rabatt: { prozent: 5 } },
        '/body/antworten/rabatt',
      ],
      // The tariff needs the price and type: it names the missing answer.
      [bike({ typ: 'CITYBIKE' }), '/body/antworten/fahrrad/kaufpreis'],
    ] as const) {
      const response = await quote(antworten as Record<string, Record<string, unknown>>);
      expect(response.statusCode, JSON.stringify(antworten)).toBe(400);
      const error = response.json<{
        error: string;
        fieldErrors: { path: string; message: string }[];
      }>();
      expect(error.error).toBe('validation');
      expect(error.fieldErrors.map((e) => e.path)).toContain(path);
      expect(error.fieldErrors.every((e) => e.message.length > 0)).toBe(true);
    }
  });

  it('answers 404 for a flow that does not exist or is no application, and 400 for a variant it lacks', async () => {
    const app = server.app;
    for (const url of ['/api/antrag/zahnersatz/beitrag', '/api/antrag/zahlungsweise/beitrag']) {
      const response = await app.inject({ method: 'POST', url, payload: { antworten: {} } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Diesen Antrag gibt es leider nicht.',
      });
    }
    const wrong = await price({ variante: 'premium', antworten: {} });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fieldErrors: { path: string }[] }>().fieldErrors[0]?.path).toBe(
      '/body/variante',
    );
  });
});
