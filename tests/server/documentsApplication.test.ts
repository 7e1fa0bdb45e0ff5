import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from './helpers/testDatabase.ts';
import { asAgent, asCustomer } from './helpers/testDatabase.ts';
import {
  adviceAnswers,
  agentAnswers,
  antworten,
  HANSEN,
  startApplicationServer,
  without,
  withAnswers,
} from './helpers/applications.ts';
import { pdfText, pdfTitle } from './helpers/pdfText.ts';

let server: TestServer;
const uploads = mkdtempSync(join(tmpdir(), 'documents-'));
beforeAll(async () => {
  server = await startApplicationServer(undefined, { uploads: { dir: uploads } });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(uploads, { recursive: true, force: true });
});

const post = (kind: 'angebot' | 'beratungsdokumentation', body: unknown, headers = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/api/antrag/fahrrad/${kind}`,
    headers,
    payload: body as object,
  });
const get = (url: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url, headers });

/** The answers of a public advice filled up to the summary (no consents yet). */
const upToSummary = without(adviceAnswers, 'einwilligungen');

// The bike of the answers: Cube city bike for 1,500 €, theft and assistance, paid monthly.
// 1500 * 0.04 (theft) * 1 (city bike) + 12 (assistance) = 72 a year; monthly 72 * 1.05 / 12 = 6.30,
// a year 6.30 * 12 = 75.60; the tax part of it 75.60 - 75.60 / 1.19 (63.53) = 12.07.
const PREMIUM = ['Beitrag monatlich 6,30 €', 'Jahresbeitrag 75,60 €', '12,07 €'];

describe('POST /api/antrag/{flow}/angebot', () => {
  it('writes the offer of a public advice: brand, title, date, validity, the answers and the premium', async () => {
    const response = await post('angebot', {
      variante: 'advice',
      marke: 'hfk',
      antworten: upToSummary,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Angebot Fahrradversicherung 2025-06-15.pdf"',
    );
    expect(response.headers['x-postfach-nachricht']).toBeUndefined();
    expect(await pdfTitle(response.rawPayload)).toBe('Ihr Angebot: Fahrradversicherung');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'HFK',
      'Ihr Angebot: Fahrradversicherung',
      'Datum 15.06.2025',
      // Four weeks (28 days) from 15.06.2025.
      'Gültig bis 13.07.2025',
      'Ihr Fahrrad',
      'Hersteller Cube',
      'Fahrradtyp Citybike',
      'Rahmennummer WCU-2024-0815',
      'Kaufpreis in Euro 1.500,00',
      'Kaufdatum 01.03.2025',
      'Schutzbrief einschließen? Ja',
      'Ort Kiel',
      'Straße Holstenstraße',
      'IBAN DE75 5121 0800 1245 1261 99',
      'Wie entscheiden Sie sich? Ich folge der Empfehlung.',
      ...PREMIUM,
      'bis zum 13.07.2025 gültig',
      'Beispielwerte',
    ])
      expect(text).toContain(expected);
  });

  it('checks and prices the answers as the price call does', async () => {
    const invalid = await post('angebot', {
      variante: 'advice',
      antworten: withAnswers(upToSummary, 'fahrrad', { kaufpreis: 50 }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: 'validation',
      fieldErrors: [
        {
          path: '/body/antworten/fahrrad/kaufpreis',
          message: 'Wir versichern Fahrräder ab einem Kaufpreis von 200\u00a0€.',
        },
      ],
    });
    // Bought 1,400 days before 15.06.2025: older than the tariff insures.
    const old = await post('angebot', {
      variante: 'advice',
      antworten: withAnswers(upToSummary, 'fahrrad', { kaufdatum: '2021-08-15' }),
    });
    expect(old.statusCode).toBe(422);
    expect(old.json()).toMatchObject({ error: 'nicht-versicherbar' });
    expect(old.json<{ message: string }>().message).toMatch(
      /^Für diese Angaben können wir kein Angebot machen: /,
    );
    const agentWithoutSignIn = await post('angebot', {
      variante: 'agent',
      partnerNummer: '2000103',
      antworten: agentAnswers,
    });
    expect(agentWithoutSignIn.statusCode).toBe(401);
    const unknownFlow = await server.app.inject({
      method: 'POST',
      url: '/api/antrag/segelboot/angebot',
      payload: { variante: 'advice', antworten: {} },
    });
    expect(unknownFlow.statusCode).toBe(404);
    expect(unknownFlow.json()).toEqual({
      error: 'not-found',
      message: 'Diesen Antrag gibt es leider nicht.',
    });
  });

  it('places the offer of a signed-in customer in the customer’s own Postfach', async () => {
    const anna = asCustomer('2000101');
    const response = await post('angebot', { variante: 'advice', antworten: upToSummary }, anna);
    expect(response.statusCode).toBe(200);
    const id = String(response.headers['x-postfach-nachricht']);
    const message = await get(`/api/postfach/benutzer/nachrichten/${id}`, anna);
    expect(message.json()).toMatchObject({
      betreff: 'Ihr Angebot: Fahrradversicherung',
      gelesen: false,
      anhaenge: [{ name: 'Angebot Fahrradversicherung 2025-06-15.pdf' }],
    });
    expect(message.json<{ nachricht: string }>().nachricht).toContain(
      'Ihr Angebot zur Fahrradversicherung vom 15.06.2025',
    );
  });
});

describe('POST /api/antrag/{flow}/beratungsdokumentation', () => {
  it('records a public advice: needs, recommendation shown, decision, online advice, premium', async () => {
    const response = await post('beratungsdokumentation', {
      variante: 'advice',
      marke: 'andsafe',
      antworten: upToSummary,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Beratungsdokumentation Fahrradversicherung 2025-06-15.pdf"',
    );
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'andsafe',
      'Beratungsdokumentation: Fahrradversicherung',
      'Datum 15.06.2025',
      'Beratung durch Online-Beratung',
      'Ihre Wünsche und Bedürfnisse',
      'Für den Weg zur Arbeit oder Ausbildung',
      'Im abgeschlossenen Keller',
      'Unsere Empfehlung',
      // Always, and for a commuter who wants repairs insured:
      'Diebstahlschutz: Er ist immer enthalten',
      'Wir empfehlen Ihnen, den Reparaturschutz einzuschließen.',
      'Wir empfehlen Ihnen den Schutzbrief',
      'Ihre Entscheidung Ich folge der Empfehlung.',
      ...PREMIUM,
      '§ 61 und § 62 VVG',
    ])
      expect(text).toContain(expected);
    // Not shown for these answers, so not recorded: the bike does not stand outside.
    expect(text).not.toContain('Schloss:');
    expect(text).not.toContain('Sie brauchen den Reparaturschutz nicht');
  });

  it('records the agent as advisor and places the record in the customer’s Postfach', async () => {
    const response = await post(
      'beratungsdokumentation',
      {
        variante: 'agent',
        partnerNummer: '2000103',
        antworten: withAnswers(without(agentAnswers, 'einwilligungen'), 'empfehlung', {
          entscheidung: 'ABWEICHEND',
        }),
      },
      HANSEN,
    );
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Beratung durch Jens Hansen (Vermittlernummer V-AS-100)');
    expect(text).toContain('Kundin oder Kunde Jonas Wagner (Kundennummer 2000103)');
    expect(text).toContain('Ihre Entscheidung Ich entscheide mich anders als empfohlen.');

    const jonas = asCustomer('2000103');
    const inbox = await get('/api/postfach/benutzer/eingang', jonas);
    const item = inbox
      .json<{ nachrichten: { id: string; betreff: string; gelesen: boolean }[] }>()
      .nachrichten.find((m) => m.id === response.headers['x-postfach-nachricht']);
    expect(item).toMatchObject({
      betreff: 'Ihre Beratungsdokumentation: Fahrradversicherung',
      gelesen: false,
    });
    const detail = await get(`/api/postfach/benutzer/nachrichten/${item?.id ?? ''}`, jonas);
    const [attachment] = detail.json<{ anhaenge: { id: string; name: string }[] }>().anhaenge;
    expect(attachment?.name).toBe('Beratungsdokumentation Fahrradversicherung 2025-06-15.pdf');
    const file = await get(`/api/postfach/benutzer/anhaenge/${attachment?.id ?? ''}`, jonas);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, response.rawPayload)).toBe(0);
    // Another customer does not see it.
    const anna = await get(
      `/api/postfach/benutzer/nachrichten/${item?.id ?? ''}`,
      asCustomer('2000101'),
    );
    expect(anna.statusCode).toBe(404);
  });

  it('names the missing needs or decision (422), and never makes an empty record', async () => {
    const noDecision = await post('beratungsdokumentation', {
      variante: 'advice',
      antworten: without(upToSummary, 'empfehlung'),
    });
    expect(noDecision.statusCode).toBe(422);
    expect(noDecision.json()).toEqual({
      error: 'angaben-fehlen',
      message:
        'Für die Beratungsdokumentation fehlen noch Angaben zur Beratung oder Ihre Entscheidung.',
      fieldErrors: [
        {
          path: '/body/antworten/empfehlung/entscheidung',
          keyword: 'required',
          message: 'Bitte wählen Sie aus, wie Sie sich entscheiden.',
        },
      ],
    });
    // The customer variant has no advice: its answers have no needs to record.
    const customer = await post('beratungsdokumentation', {
      variante: 'customer',
      antworten: without(antworten, 'einwilligungen'),
    });
    expect(customer.statusCode).toBe(422);
    expect(customer.json<{ fieldErrors: { path: string }[] }>().fieldErrors).toEqual([
      expect.objectContaining({ path: '/body/antworten/beratung' }),
      expect.objectContaining({ path: '/body/antworten/empfehlung/entscheidung' }),
    ]);
  });

  it('does not let an agent record advice for another agency’s customer', async () => {
    const response = await post(
      'beratungsdokumentation',
      { variante: 'agent', partnerNummer: '3000101', antworten: agentAnswers },
      asAgent('V-AS-100'),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not-found',
      message: 'Diesen Kunden haben wir nicht gefunden.',
    });
  });
});
