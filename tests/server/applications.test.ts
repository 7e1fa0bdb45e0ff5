import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { validationRuntime } from '../../engine/validation/index.ts';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import {
  asAgent,
  asCustomer,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';

const lines: string[] = [];
let server: TestServer;
const clock = validationRuntime.now;
beforeAll(async () => {
  // The flow's date rules (start within 1..90 days, purchase within 3 years) see the tests' today.
  const [year, month, day] = TODAY.split('-').map(Number);
  validationRuntime.now = () => new Date(year ?? 2025, (month ?? 1) - 1, day ?? 1, 12);
  server = await startTestServer({ logStream: { write: (line) => void lines.push(line) } });
}, 60_000);
afterAll(async () => {
  validationRuntime.now = clock;
  await server.close();
});

const HANSEN = asAgent('V-AS-100');
const MIRA = asAgent('V-AS-101');
const ANNA = asCustomer('2000101');
const MUELLER = asCustomer('3000101');
const IBAN = 'DE75512108001245126199';

const antworten = {
  fahrrad: {
    hersteller: 'Cube',
    typ: 'CITYBIKE',
    rahmennummer: ' WCU-2024-0815 ',
    kaufpreis: 1500,
    kaufdatum: '2025-03-01',
  },
  deckung: { reparatur: false, schutzbrief: true },
  person: {
    anrede: 'FRAU',
    vorname: ' Erika ',
    nachname: 'Mustermann',
    geburtsdatum: '1980-05-12',
    email: 'erika.mustermann@beispiel.example',
    telefon: '0151 12345678',
  },
  risikoort: { plz: '24103', ort: 'Kiel', strasse: 'Holstenstraße', hausnummer: '12a' },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'MONATLICH' },
  bankverbindung: {
    iban: 'de75 5121 0800 1245 1261 99',
    kontoinhaber: 'Erika Mustermann',
    sepaMandat: true,
  },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true, werbung: false },
};
type Answers = Record<string, Record<string, unknown>>;
const without = (answers: Answers, step: string): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([key]) => key !== step));
const agentAnswers = without(antworten, 'person');
const adviceAnswers: Answers = {
  beratung: { nutzung: 'PENDELN', abstellort: 'KELLER', reparaturWichtig: true },
  ...antworten,
  einwilligungen: { bedingungen: true, datenschutz: true },
};
const withAnswers = (answers: Answers, step: string, values: Record<string, unknown>) => ({
  ...answers,
  [step]: { ...answers[step], ...values },
});

// 1500 * 0.04 (theft) * 1 (city bike) + 12 (assistance) = 72 a year; monthly 72 * 1.05 / 12
const PRICED = {
  beitrag: 6.3,
  jahresbeitrag: 75.6,
  zahlweise: 'MONATLICH',
  versicherungsbeginn: '2025-07-01',
  status: 'eingereicht',
};

function apply(body: unknown, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/antrag/fahrrad',
    headers,
    payload: body as object,
  });
}

function price(body: unknown) {
  return server.app.inject({
    method: 'POST',
    url: '/api/antrag/fahrrad/beitrag',
    payload: body as object,
  });
}

interface ApplicationRow extends Record<string, unknown> {
  id: string;
  antragsnummer: string;
  brand: string;
  produkt: string;
  status: string;
  owner_role: string;
  owner_id: string | null;
  partner_nummer: string | null;
  flow: string;
  flow_version: number;
  data: {
    variante: string;
    antworten: Answers;
    beitrag: Record<string, unknown>;
  };
  submitted_at: unknown;
}

async function application(antragsnummer: string): Promise<ApplicationRow | undefined> {
  const [row] = await queryRows<ApplicationRow>(
    server.db.database.db,
    sql`SELECT * FROM applications WHERE antragsnummer = ${antragsnummer}`,
  );
  return row;
}

async function countApplications(): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    server.db.database.db,
    sql`SELECT count(*) AS n FROM applications WHERE status = 'submitted'`,
  );
  return Number(row?.n ?? 0);
}

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
      fahrradtyp: 'CITYBIKE',
      beitrag: 6.3,
      zahlweise: 'MONATLICH',
      tarif: { id: 'fahrrad', version: 2 },
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

describe('POST /api/antrag/fahrrad (agent applications)', () => {
  it('takes an agent’s application for a customer of the agency, without a person step', async () => {
    const response = await apply(
      { variante: 'agent', partnerNummer: '2000103', antworten: agentAnswers },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      antragsnummer: expect.stringMatching(/^FA-\d{8}$/),
      ...PRICED,
    });
    expect(
      await application(response.json<{ antragsnummer: string }>().antragsnummer),
    ).toMatchObject({
      owner_role: 'vermittler',
      owner_id: 'V-AS-100',
      partner_nummer: '2000103',
      brand: 'andsafe',
      data: expect.objectContaining({ variante: 'agent' }),
    });
    const withPerson = await apply(
      { variante: 'agent', partnerNummer: '2000103', antworten },
      HANSEN,
    );
    expect(withPerson.statusCode).toBe(400);
    expect(withPerson.json<{ fieldErrors: { path: string }[] }>().fieldErrors).toContainEqual(
      expect.objectContaining({ path: '/body/antworten/person' }),
    );
  });

  it('needs a signed-in agent and a customer of its agency', async () => {
    const body = { variante: 'agent', partnerNummer: '2000101', antworten: agentAnswers };
    expect((await apply(body)).statusCode).toBe(401);
    const customer = await apply(body, ANNA);
    const foreign = await apply({ ...body, partnerNummer: '3000101' }, HANSEN);
    const unknown = await apply({ ...body, partnerNummer: '9999999' }, HANSEN);
    for (const response of [customer, foreign, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Diesen Kunden haben wir nicht gefunden.',
      });
    }
    const noCustomer = await apply(
      { variante: 'agent', partnerNummer: null, antworten: agentAnswers },
      HANSEN,
    );
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json()).toMatchObject({
      fieldErrors: [{ path: '/body/partnerNummer', keyword: 'required' }],
    });
  });

  it('turns the agent’s draft into the application: the same row, gone from the drafts', async () => {
    const id = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
      payload: {
        flow: 'fahrrad',
        version: 1,
        partnerNummer: '2000101',
        zustand: { formData: { fahrrad: antworten.fahrrad }, currentStep: 'deckung' },
      },
    });
    expect(saved.statusCode).toBe(201);
    const body = {
      variante: 'agent',
      partnerNummer: '2000101',
      entwurf: id,
      antworten: agentAnswers,
    };
    // Another agent of the agency, a customer and the public cannot submit this draft.
    for (const headers of [MIRA]) {
      const response = await apply(body, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Diesen Entwurf haben wir nicht gefunden.',
      });
    }
    const publicCall = await apply({
      ...body,
      variante: 'customer',
      partnerNummer: null,
      antworten,
    });
    expect(publicCall.statusCode).toBe(404);

    const response = await apply(body, HANSEN);
    expect(response.statusCode).toBe(201);
    const { antragsnummer } = response.json<{ antragsnummer: string }>();
    expect(await application(antragsnummer)).toMatchObject({
      id,
      status: 'submitted',
      owner_id: 'V-AS-100',
      partner_nummer: '2000101',
    });
    const drafts = await server.app.inject({
      method: 'GET',
      url: '/api/vermittler/entwuerfe',
      headers: HANSEN,
    });
    expect(drafts.json<{ id: string }[]>().map((d) => d.id)).not.toContain(id);
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
    });
    expect(read.statusCode).toBe(404);
    const overwrite = await server.app.inject({
      method: 'PUT',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
      payload: {
        flow: 'fahrrad',
        version: 1,
        partnerNummer: '2000101',
        zustand: { formData: {}, currentStep: null },
      },
    });
    expect(overwrite.statusCode).toBe(404);
    expect(await application(antragsnummer)).toMatchObject({ status: 'submitted' });
    // Submitting the same draft again finds no draft any more.
    const twice = await apply(body, HANSEN);
    expect(twice.statusCode).toBe(404);
  });
});

describe('logs of applications', () => {
  it('never carry the IBAN', async () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('/api/antrag/fahrrad'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(IBAN);
      expect(line.toUpperCase()).not.toContain('DE75 5121');
    }
  });
});
