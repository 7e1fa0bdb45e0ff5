import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import type { TestServer } from './helpers/testDatabase.ts';
import {
  adviceAnswers,
  ANNA,
  antworten,
  applicationApi,
  IBAN,
  MUELLER,
  PRICED,
  startApplicationServer,
  withAnswers,
  without,
  type Answers,
} from './helpers/applications.ts';

const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer(lines);
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, application, countApplications } = applicationApi(() => server);

describe('POST /api/antrag/fahrrad (public and customer applications)', () => {
  it('takes a public application: 201 with number and server price, stored with normalised answers', async () => {
    const response = await apply({ variante: 'customer', antworten });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toEqual({ antragsnummer: expect.stringMatching(/^FA-\d{8}$/), ...PRICED });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({
      brand: 'andsafe',
      produkt: 'FAHRRAD',
      status: 'submitted',
      owner_role: 'oeffentlich',
      owner_id: null,
      partner_nummer: null,
      flow: 'fahrrad',
      flow_version: 1,
    });
    expect(row?.submitted_at).not.toBeNull();
    expect(row?.data.variante).toBe('customer');
    expect(row?.data.antworten['bankverbindung']?.['iban']).toBe(IBAN);
    expect(row?.data.antworten['person']).toMatchObject({
      vorname: 'Erika',
      telefon: '+4915112345678',
    });
    expect(row?.data.antworten['fahrrad']?.['rahmennummer']).toBe('WCU-2024-0815');
    expect(row?.data.beitrag).toMatchObject({
      versicherungssumme: 1500,
      beitrag: 6.3,
      zahlweise: 'MONATLICH',
      tarif: { id: 'fahrrad', version: 2, gueltigAb: '2024-01-01' },
      rechenweg: {
        tarif: { id: 'fahrrad', version: 2 },
        stichtag: '2025-06-15',
        eingaben: expect.arrayContaining([
          { name: 'fahrradtyp', bezeichnung: 'Fahrradtyp', wert: 'CITYBIKE' },
        ]),
        schritte: expect.arrayContaining([
          expect.objectContaining({
            id: 'mal-typfaktor',
            wert: 1,
            quelle: expect.objectContaining({ art: 'tabelle', schluessel: ['CITYBIKE'] }),
          }),
        ]),
      },
    });
    const audit = await queryRows<{ actor_role: string; actor_id: string; details: unknown }>(
      server.db.database.db,
      sql`SELECT actor_role, actor_id, details FROM audit_log
          WHERE action = 'antrag.einreichen' AND entity_id = ${body.antragsnummer}`,
    );
    expect(audit).toEqual([
      {
        actor_role: 'oeffentlich',
        actor_id: 'oeffentlich',
        details: expect.objectContaining({
          produkt: 'FAHRRAD',
          variante: 'customer',
          beitrag: 6.3,
        }),
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(IBAN);
  });

  it('gives every application a new number', async () => {
    const first = (await apply({ variante: 'customer', antworten })).json<{
      antragsnummer: string;
    }>();
    const second = (await apply({ variante: 'customer', antworten })).json<{
      antragsnummer: string;
    }>();
    expect(second.antragsnummer).not.toBe(first.antragsnummer);
    expect(Number(second.antragsnummer.slice(3))).toBeGreaterThan(
      Number(first.antragsnummer.slice(3)),
    );
  });

  it('takes the advice variant with its advice step and without the advice waiver', async () => {
    const response = await apply({
      variante: 'advice',
      partnerNummer: null,
      entwurf: null,
      antworten: adviceAnswers,
    });
    expect(response.statusCode).toBe(201);
    const row = await application(response.json<{ antragsnummer: string }>().antragsnummer);
    expect(row?.data.variante).toBe('advice');
    expect(row?.data.antworten['beratung']).toEqual(adviceAnswers['beratung']);
    const withoutAdvice = await apply({ variante: 'advice', antworten });
    expect(withoutAdvice.statusCode).toBe(400);
  });

  it('files a signed-in customer’s application under its partner number and brand', async () => {
    const anna = await apply({ variante: 'customer', antworten }, ANNA);
    expect(anna.statusCode).toBe(201);
    expect(await application(anna.json<{ antragsnummer: string }>().antragsnummer)).toMatchObject({
      owner_role: 'benutzer',
      owner_id: '2000101',
      partner_nummer: '2000101',
      brand: 'andsafe',
    });
    const mueller = await apply(
      { variante: 'customer', antworten, partnerNummer: '3000101' },
      MUELLER,
    );
    expect(mueller.statusCode).toBe(201);
    expect(
      await application(mueller.json<{ antragsnummer: string }>().antragsnummer),
    ).toMatchObject({
      owner_role: 'benutzer',
      partner_nummer: '3000101',
      brand: 'hfk',
    });
  });

  it('answers 401 for an Authorization header that is not a valid token', async () => {
    const before = await countApplications();
    const response = await apply(
      { variante: 'customer', antworten },
      { authorization: 'Bearer kaputt' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'unauthorized',
      message: 'Bitte melden Sie sich an.',
    });
    expect(await countApplications()).toBe(before);
  });

  it('lets nobody name a customer that is not theirs (the same 404 as an unknown one)', async () => {
    const publicCall = await apply({ variante: 'customer', antworten, partnerNummer: '2000101' });
    const foreign = await apply(
      { variante: 'customer', antworten, partnerNummer: '2000101' },
      MUELLER,
    );
    const unknown = await apply(
      { variante: 'customer', antworten, partnerNummer: '9999999' },
      ANNA,
    );
    for (const response of [publicCall, foreign, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Diesen Kunden haben wir nicht gefunden.',
      });
    }
  });

  it('re-validates the answers with the flow: 400 with German field errors under /body/antworten', async () => {
    const before = await countApplications();
    const cases: [Answers, string][] = [
      [withAnswers(antworten, 'fahrrad', { kaufpreis: 150 }), '/body/antworten/fahrrad/kaufpreis'],
      [
        withAnswers(antworten, 'bankverbindung', { iban: 'DE00 1234' }),
        '/body/antworten/bankverbindung/iban',
      ],
      [
        withAnswers(antworten, 'einwilligungen', { datenschutz: false }),
        '/body/antworten/einwilligungen/datenschutz',
      ],
      [
        withAnswers(antworten, 'beginn', { versicherungsbeginn: '2025-06-15' }),
        '/body/antworten/beginn/versicherungsbeginn',
      ],
      [
        {
          ...antworten,
          beratung: { nutzung: 'SPORT', abstellort: 'KELLER', reparaturWichtig: false },
        },
        '/body/antworten/beratung',
      ],
      [{ ...antworten, person: {} }, '/body/antworten/person/vorname'],
    ];
    for (const [answers, path] of cases) {
      const response = await apply({ variante: 'customer', antworten: answers });
      expect(response.statusCode, path).toBe(400);
      const error = response.json<{
        error: string;
        message: string;
        fieldErrors: { path: string; message: string }[];
      }>();
      expect(error.error).toBe('validation');
      expect(error.message).toBe('Bitte prüfen Sie Ihre Eingaben.');
      expect(
        error.fieldErrors.map((e) => e.path),
        path,
      ).toContain(path);
      expect(error.fieldErrors.every((e) => /[a-zäöü]/.test(e.message))).toBe(true);
    }
    const missing = await apply({
      variante: 'customer',
      antworten: without(antworten, 'bankverbindung'),
    });
    expect(missing.statusCode).toBe(400);
    for (const body of [
      { variante: 'kunde', antworten },
      { variante: 'customer' },
      { variante: 'customer', antworten, entwurf: 'abc' },
      { variante: 'customer', antworten, extra: 1 },
      { variante: 'customer', antworten: { fahrrad: 'Cube' } },
    ]) {
      const response = await apply(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'validation',
        fieldErrors: expect.any(Array),
      });
    }
    expect(await countApplications()).toBe(before);
  });

  it('refuses a frame number reported stolen with 422 pruefung-fehlgeschlagen and writes nothing', async () => {
    const before = await countApplications();
    for (const rahmennummer of ['DEMO-GESTOHLEN-1', 'demo-gestohlen-1']) {
      const response = await apply({
        variante: 'customer',
        antworten: withAnswers(antworten, 'fahrrad', { rahmennummer }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'pruefung-fehlgeschlagen',
        message: expect.stringMatching(/Kundenservice/),
      });
    }
    expect(await countApplications()).toBe(before);
  });

  it('refuses what the server’s price cannot insure with 422 nicht-versicherbar and the reason', async () => {
    const before = await countApplications();
    // Bought 2022-06-20, cover from 2025-07-15: older than 36 months at the start.
    const response = await apply({
      variante: 'customer',
      antworten: {
        ...withAnswers(antworten, 'fahrrad', { kaufdatum: '2022-06-20' }),
        beginn: { versicherungsbeginn: '2025-07-15' },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'nicht-versicherbar',
      message:
        'Wir versichern Fahrräder, die zum Versicherungsbeginn höchstens 36 Monate alt sind.',
      grundFelder: ['fahrrad.kaufdatum', 'beginn.versicherungsbeginn'],
    });
    expect(await countApplications()).toBe(before);
  });

  it('replays the first answer for the same Idempotency-Key and body, and refuses another body', async () => {
    const headers = { 'idempotency-key': 'antrag-1' };
    const first = await apply({ variante: 'customer', antworten }, headers);
    expect(first.statusCode).toBe(201);
    const count = await countApplications();
    const again = await apply({ variante: 'customer', antworten }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countApplications()).toBe(count);
    const other = await apply(
      { variante: 'customer', antworten: withAnswers(antworten, 'fahrrad', { kaufpreis: 1600 }) },
      headers,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'unprocessable' });
    // Keys are per caller: a signed-in customer's same key is a new request.
    const anna = await apply({ variante: 'customer', antworten }, { ...headers, ...ANNA });
    expect(anna.statusCode).toBe(201);
    expect(anna.headers['idempotent-replayed']).toBeUndefined();
    expect(await countApplications()).toBe(count + 1);
    // A refused request releases its key: the corrected one goes through under it.
    const refusedKey = { 'idempotency-key': 'antrag-2' };
    const stolen = withAnswers(antworten, 'fahrrad', { rahmennummer: 'DEMO-GESTOHLEN-1' });
    expect((await apply({ variante: 'customer', antworten: stolen }, refusedKey)).statusCode).toBe(
      422,
    );
    expect((await apply({ variante: 'customer', antworten }, refusedKey)).statusCode).toBe(201);
  });
});

describe('logs of applications', () => {
  it('never carry the IBAN', async () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('/api/antrag/:flow'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(IBAN);
      expect(line.toUpperCase()).not.toContain('DE75 5121');
    }
  });
});
