import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { validationRuntime } from '../../../engine/validation/index.ts';
import { queryRows } from '../../../apps/server/src/claims/sql.ts';
import type { ServerOptions } from '../../../apps/server/src/app.ts';
import { asAgent, asCustomer, startTestServer, TODAY, type TestServer } from './testDatabase.ts';

/** Agents and customers of the seed the bike application tests act as. */
export const HANSEN = asAgent('V-AS-100');
export const MIRA = asAgent('V-AS-101');
export const ANNA = asCustomer('2000101');
export const MUELLER = asCustomer('3000101');
/** The IBAN of {@link antworten}, normalised. */
export const IBAN = 'DE75512108001245126199';

/** A complete, valid set of answers of the customer variant of the bike flow. */
export const antworten = {
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
export type Answers = Record<string, Record<string, unknown>>;
/** The answers without one step. */
export const without = (answers: Answers, step: string): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([key]) => key !== step));
/** The needs and the decision of an advice (advice and agent variants). */
export const advice: Answers = {
  beratung: { nutzung: 'PENDELN', abstellort: 'KELLER', reparaturWichtig: true },
  empfehlung: { entscheidung: 'EMPFEHLUNG' },
};
/** The agent variant's answers: the advice, no person step, no advice waiver. */
export const agentAnswers: Answers = {
  ...advice,
  ...without(antworten, 'person'),
  einwilligungen: { bedingungen: true, datenschutz: true },
};
/** The advice variant's answers: the advice steps, no advice waiver. */
export const adviceAnswers: Answers = {
  ...advice,
  ...antworten,
  einwilligungen: { bedingungen: true, datenschutz: true },
};
/** The answers with some values of one step replaced. */
export const withAnswers = (answers: Answers, step: string, values: Record<string, unknown>) => ({
  ...answers,
  [step]: { ...answers[step], ...values },
});

// 1500 * 0.04 (theft) * 1 (city bike) + 12 (assistance) = 72 a year; monthly 72 * 1.05 / 12;
// the tax part of 75.60 a year: 75.60 - 75.60 / 1.19 (63.53) = 12.07
/** The price part of the answer to {@link antworten}. */
export const PRICED = {
  beitrag: 6.3,
  jahresbeitrag: 75.6,
  waehrung: 'EUR',
  zahlweise: 'MONATLICH',
  versicherungssumme: 1500,
  versicherungsbeginn: '2025-07-01',
  versicherungsteuer: 12.07,
  status: 'eingereicht',
};

/** A stored application, as the tests read it. */
export interface ApplicationRow extends Record<string, unknown> {
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

/**
 * Starts the server of an application test file, with the flow's date rules (start within
 * 1..90 days, purchase within 3 years) seeing the tests' today; `close` restores the clock.
 * Each log line goes to `lines` when given; `options` adds server options (an upload folder).
 */
export async function startApplicationServer(
  lines?: string[],
  options: Partial<ServerOptions> = {},
): Promise<TestServer> {
  const clock = validationRuntime.now;
  const [year, month, day] = TODAY.split('-').map(Number);
  validationRuntime.now = () => new Date(year ?? 2025, (month ?? 1) - 1, day ?? 1, 12);
  const server = await startTestServer({
    ...(lines ? { logStream: { write: (line: string) => void lines.push(line) } } : {}),
    ...options,
  });
  return {
    ...server,
    close: async () => {
      validationRuntime.now = clock;
      await server.close();
    },
  };
}

/**
 * Calls of the application service for a test file's server (read through a getter, as the
 * server starts in beforeAll): submit, price (of the bike flow unless another is named), read a
 * stored application, count submitted ones.
 */
export function applicationApi(server: () => TestServer, flow = 'fahrrad') {
  return {
    apply: (body: unknown, headers: Record<string, string> = {}) =>
      server().app.inject({
        method: 'POST',
        url: `/api/antrag/${flow}`,
        headers,
        payload: body as object,
      }),
    price: (body: unknown, headers: Record<string, string> = {}) =>
      server().app.inject({
        method: 'POST',
        url: `/api/antrag/${flow}/beitrag`,
        headers,
        payload: body as object,
      }),
    async application(antragsnummer: string): Promise<ApplicationRow | undefined> {
      const [row] = await queryRows<ApplicationRow>(
        server().db.database.db,
        sql`SELECT * FROM applications WHERE antragsnummer = ${antragsnummer}`,
      );
      return row;
    },
    async countApplications(): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        server().db.database.db,
        sql`SELECT count(*) AS n FROM applications WHERE status = 'submitted'`,
      );
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * An agent saves a draft of a flow for the seed customer 2000103 and reads it back as the
 * drafts page resumes it: saved (201), answered (200) with the flow, customer and state.
 */
export async function saveAndResumeDraft(
  server: TestServer,
  draft: { id: string; flow: string; zustand: Record<string, unknown> },
  headers: Record<string, string> = HANSEN,
): Promise<void> {
  const url = `/api/vermittler/entwuerfe/${draft.id}`;
  const body = { flow: draft.flow, partnerNummer: '2000103', zustand: draft.zustand };
  const saved = await server.app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { ...body, version: 1 },
  });
  expect(saved.statusCode).toBe(201);
  const resumed = await server.app.inject({ method: 'GET', url, headers });
  expect(resumed.statusCode).toBe(200);
  expect(resumed.json()).toMatchObject(body);
}
