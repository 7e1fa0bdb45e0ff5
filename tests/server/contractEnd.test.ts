import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { changeEvents, contracts } from '../../apps/server/src/db/schema/index.ts';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // A contract applied for ten days ago and started five days ago: inside its revocation period.
  await server.db.database.db
    .update(contracts)
    .set({ widerrufbar: true, antragsdatum: '2025-06-05', vertragsBeginn: '2025-06-10' })
    .where(eq(contracts.versicherungsNummer, 'SD-30000102'));
}, 60_000);
afterAll(async () => {
  await server.close();
});

const BASE = '/api/vertrag/vertrag';
const TOM = asCustomer('4000101');
const HOFFMANN = asCustomer('3000102');

const remove = (url: string, headers: Record<string, string>, extra: Record<string, string> = {}) =>
  server.app.inject({ method: 'DELETE', url: `${BASE}/${url}`, headers: { ...headers, ...extra } });

async function lastEvent(id: string) {
  const [event] = await server.db.database.db
    .select()
    .from(changeEvents)
    .where(eq(changeEvents.versicherungsnummer, id))
    .orderBy(desc(changeEvents.id))
    .limit(1);
  return event;
}

describe('GET .../{id}/widerrufsinfo', () => {
  it('shows the revocation period and whether it is open today', async () => {
    const open = await server.app.inject({
      method: 'GET',
      url: `${BASE}/SD-30000102/widerrufsinfo`,
      headers: TOM,
    });
    expect(open.json()).toEqual({
      widerrufsrecht: true,
      widerrufbarVon: '2025-06-05',
      widerrufbarBis: '2025-06-24',
      istWiderrufbarJetzt: true,
    });
    const none = await server.app.inject({
      method: 'GET',
      url: `${BASE}/SD-30000101/widerrufsinfo`,
      headers: TOM,
    });
    expect(none.json()).toEqual({
      widerrufsrecht: false,
      widerrufbarVon: null,
      widerrufbarBis: null,
      istWiderrufbarJetzt: false,
    });
  });
});

interface Inbox {
  nachrichten: { id: string; betreff: string; gelesen: boolean }[];
}

/** The customer's inbox, newest first. */
async function inbox(headers: Record<string, string>): Promise<Inbox['nachrichten']> {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/postfach/benutzer/eingang',
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Inbox>().nachrichten;
}

/** The newest message of the customer's inbox with its text. */
async function newestMessage(headers: Record<string, string>) {
  const [newest] = await inbox(headers);
  if (!newest) throw new Error('empty inbox');
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/postfach/benutzer/nachrichten/${newest.id}`,
    headers,
  });
  return response.json<{ betreff: string; nachricht: string; gelesen: boolean }>();
}

const dates = (id: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: `${BASE}/${id}/kuendigungsdaten`, headers });

describe('GET .../{id}/kuendigungsdaten', () => {
  it('names the one day of a contract cancellable at its end', async () => {
    const response = await dates('SD-30000101', TOM);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kuendbar: 'VERTRAGSENDE',
      fruehestesDatum: '2026-01-01',
      spaetestesDatum: '2026-01-01',
      feststehendesDatum: '2026-01-01',
      gruende: expect.arrayContaining([expect.objectContaining({ key: 'SONSTIGES' })]),
    });
  });

  it('names the window of a daily cancellable contract: today up to a year, at most its end', async () => {
    expect((await dates('HFK-20000201', HOFFMANN)).json()).toEqual({
      kuendbar: 'TAEGLICH',
      fruehestesDatum: '2025-06-15',
      spaetestesDatum: '2026-06-15',
      feststehendesDatum: null,
      gruende: expect.arrayContaining([expect.objectContaining({ key: 'SONSTIGES' })]),
    });
    // Expiring on its next main due date (1 April 2026), within the year.
    expect((await dates('SD-30000202', asCustomer('4000102'))).json()).toEqual({
      kuendbar: 'TAEGLICH',
      fruehestesDatum: '2025-06-15',
      spaetestesDatum: '2026-04-01',
      feststehendesDatum: null,
      gruende: expect.arrayContaining([expect.objectContaining({ key: 'SONSTIGES' })]),
    });
  });

  it('refuses a contract that cannot be cancelled online, and answers 404 for a foreign one', async () => {
    const reise = await dates('PCH-50000101', asCustomer('6000101'));
    expect(reise.statusCode).toBe(422);
    expect(reise.json()).toEqual({
      error: 'unprocessable',
      message: 'Dieser Vertrag kann nicht online gekündigt werden.',
    });
    const ended = await dates('PR-40000102', asCustomer('5000101'));
    expect(ended.statusCode).toBe(422);
    expect((await dates('HFK-20000201', TOM)).statusCode).toBe(404);
    expect((await dates('HFK-20000201', {})).statusCode).toBe(401);
  });
});

describe('DELETE .../{id}/kuendigung/{reason}', () => {
  it('refuses a day after the latest one of the window, writing nothing', async () => {
    const before = (await inbox(HOFFMANN)).length;
    const response = await remove(
      'HFK-20000201/kuendigung/BETRIEBSAUFGABE?kuendigungsdatum=2026-06-16',
      HOFFMANN,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'unprocessable',
      message:
        'Das Kündigungsdatum darf höchstens ein Jahr in der Zukunft liegen (spätestens 15.06.2026).',
    });
    expect(await inbox(HOFFMANN)).toHaveLength(before);
  });

  it('ends a daily cancellable contract on the chosen day as a pending end with an event', async () => {
    const response = await remove(
      'HFK-20000201/kuendigung/BETRIEBSAUFGABE?kuendigungsdatum=2025-07-01',
      HOFFMANN,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      vertragsstatus: 'AUSLAUFEND',
      beendigungsdatum: '2025-07-01',
      kuendbar: 'NEIN',
      kuendigung: { grund: 'BETRIEBSAUFGABE', freitext: null, zum: '2025-07-01' },
    });
    expect(await lastEvent('HFK-20000201')).toMatchObject({
      typ: 'VertragGekuendigt',
      wirksamkeitsdatum: '2025-07-01',
      payload: { grund: 'BETRIEBSAUFGABE', alterStatus: 'LAUFEND', neuerStatus: 'AUSLAUFEND' },
    });
    // The customer finds the confirmation, unread, in the Postfach.
    const [item] = await inbox(HOFFMANN);
    expect(item).toMatchObject({ betreff: 'Bestätigung Ihrer Kündigung', gelesen: false });
    const message = await newestMessage(HOFFMANN);
    expect(message.nachricht).toContain(
      'wir bestätigen die Kündigung Ihres Vertrags HFK-20000201 (Betriebshaftpflicht). Der Vertrag endet zum 01.07.2025.',
    );
    expect(message.nachricht).toContain('Grund: Aufgabe des Betriebs');
    expect(message.nachricht).not.toContain('Anmerkung');
    const count = (await inbox(HOFFMANN)).length;
    const again = await remove('HFK-20000201/kuendigung/BETRIEBSAUFGABE', HOFFMANN);
    expect(again.statusCode).toBe(409);
    expect(await inbox(HOFFMANN)).toHaveLength(count);
  });

  it('ends a contract cancellable at its end only at the next main due date', async () => {
    const wrongDay = await remove(
      'SD-30000101/kuendigung/BEITRAGSERHOEHUNG?kuendigungsdatum=2025-08-01',
      TOM,
    );
    expect(wrongDay.statusCode).toBe(422);
    expect(wrongDay.json()).toEqual({
      error: 'unprocessable',
      message: 'Dieser Vertrag kann nur zum 01.01.2026 gekündigt werden.',
    });
    const response = await remove('SD-30000101/kuendigung/SONSTIGES?freitext=Zu%20teuer', TOM);
    expect(response.json()).toMatchObject({
      vertragsstatus: 'AUSLAUFEND',
      beendigungsdatum: '2026-01-01',
      kuendigung: { grund: 'SONSTIGES', freitext: 'Zu teuer' },
    });
    const message = await newestMessage(TOM);
    expect(message.betreff).toBe('Bestätigung Ihrer Kündigung');
    expect(message.nachricht).toContain('SD-30000101');
    expect(message.nachricht).toContain('Der Vertrag endet zum 01.01.2026.');
    expect(message.nachricht).toContain('Grund: Sonstiger Grund\nIhre Anmerkung: Zu teuer');
  });

  it('checks the reason against the product list and asks for a text with SONSTIGES', async () => {
    const before = await server.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/SD-30000102',
      headers: TOM,
    });
    const foreignReason = await remove('SD-30000102/kuendigung/BETRIEBSAUFGABE', TOM);
    expect(foreignReason.statusCode).toBe(400);
    expect(foreignReason.json()).toMatchObject({
      fieldErrors: [
        { path: '/params/reason', message: 'Bitte wählen Sie einen der angebotenen Gründe.' },
      ],
    });
    // Nothing is written: the contract reads as before.
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/SD-30000102',
      headers: TOM,
    });
    expect(after.json()).toEqual(before.json());
    const noText = await remove('SD-30000102/kuendigung/SONSTIGES', TOM);
    expect(noText.json()).toMatchObject({ fieldErrors: [{ path: '/querystring/freitext' }] });
  });

  it("places the confirmation in the customer's Postfach when the agent cancels", async () => {
    const before = (await inbox(asCustomer('2000101'))).length;
    const response = await remove('AS-10000104/kuendigung/TIER_ABGEGEBEN', asAgent('V-AS-100'));
    expect(response.statusCode, response.body).toBe(200);
    const after = await inbox(asCustomer('2000101'));
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ betreff: 'Bestätigung Ihrer Kündigung', gelesen: false });
  });

  it('refuses a contract that cannot be cancelled and a stale If-Match', async () => {
    const reise = await remove(
      'PCH-50000101/kuendigung/SONSTIGES?freitext=x',
      asCustomer('6000101'),
    );
    expect(reise.statusCode).toBe(422);
    const stale = await remove('AS-10000103/kuendigung/FAHRRAD_VERKAUFT', asCustomer('2000101'), {
      'if-match': '"2020-01-01T00:00:00.000Z"',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('answers a foreign contract with the same 404 as a missing one', async () => {
    const foreign = await remove('AS-10000103/kuendigung/FAHRRAD_VERKAUFT', TOM);
    const missing = await remove('XX-404/kuendigung/FAHRRAD_VERKAUFT', TOM);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});

describe('DELETE .../{id}/widerruf/{reason}', () => {
  it('refuses a contract without a right of revocation', async () => {
    const before = (await inbox(asCustomer('6000101'))).length;
    const response = await remove('PCH-50000102/widerruf/KEIN_GRUND', asCustomer('6000101'));
    expect(await inbox(asCustomer('6000101'))).toHaveLength(before);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Für diesen Vertrag besteht kein Widerrufsrecht.',
    });
  });

  it('revokes a contract inside its period: STORNIERT from its start, with an event', async () => {
    const unknown = await remove('SD-30000102/widerruf/ZU_TEUER', TOM);
    expect(unknown.statusCode).toBe(400);
    const response = await remove(
      'SD-30000102/widerruf/GUENSTIGERES_ANGEBOT?freitext=Anderes%20Angebot',
      TOM,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      vertragsstatus: 'STORNIERT',
      beendigungsdatum: '2025-06-10',
      widerrufbar: false,
      widerruf: { grund: 'GUENSTIGERES_ANGEBOT', freitext: 'Anderes Angebot' },
    });
    expect(await lastEvent('SD-30000102')).toMatchObject({ typ: 'VertragWiderrufen' });
    const message = await newestMessage(TOM);
    expect(message).toMatchObject({ betreff: 'Bestätigung Ihres Widerrufs', gelesen: false });
    expect(message.nachricht).toContain(
      'wir bestätigen den Widerruf Ihres Vertrags SD-30000102 (Hausratversicherung). Der Vertrag wird rückwirkend zum 10.06.2025 aufgehoben.',
    );
    expect(message.nachricht).toContain(
      'Grund: Ich habe ein günstigeres Angebot gefunden.\nIhre Anmerkung: Anderes Angebot',
    );
    const info = await server.app.inject({
      method: 'GET',
      url: `${BASE}/SD-30000102/widerrufsinfo`,
      headers: TOM,
    });
    expect(info.json()).toMatchObject({ istWiderrufbarJetzt: false });
  });
});

describe('POST .../confirmation/{partner}/{contract}', () => {
  it('records the confirmation once and answers a repeat with the same one', async () => {
    const first = await server.app.inject({
      method: 'POST',
      url: `${BASE}/confirmation/2000101/AS-10000102`,
      headers: asCustomer('2000101'),
    });
    expect(first.statusCode).toBe(200);
    const body = first.json<{ bestaetigtAm: string }>();
    expect(body).toMatchObject({
      versicherungsNummer: 'AS-10000102',
      partnerNummer: '2000101',
      bestaetigt: true,
    });
    const again = await server.app.inject({
      method: 'POST',
      url: `${BASE}/confirmation/2000101/AS-10000102`,
      headers: asAgent('V-AS-100'),
    });
    expect(again.json()).toEqual(first.json());
    const events = await server.db.database.db
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.typ, 'VertragBestaetigt'));
    expect(events).toHaveLength(1);
  });

  it('answers 404 when partner and contract do not belong together', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${BASE}/confirmation/2000102/AS-10000102`,
      headers: asCustomer('2000102'),
    });
    expect(response.statusCode).toBe(404);
  });
});
