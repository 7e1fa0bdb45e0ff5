import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import {
  ANNA,
  MUELLER,
  HANSEN,
  antworten,
  applicationApi,
  startApplicationServer,
} from './helpers/applications.ts';
import { TODAY, type TestServer } from './helpers/testDatabase.ts';

// The server's today moves in these tests: expiry is counted on its clock.
let today = TODAY;
let server: TestServer;
const api = applicationApi(() => server);

beforeAll(async () => {
  server = await startApplicationServer(undefined, {
    today: () => today,
    savedApplications: { keepDays: 30, linkDays: 7 },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const OTHER_ID = '0a1b2c3d-4e5f-4061-8273-9485a6b7c8d9';
const url = (id: string) => `/api/portal/gespeicherte-antraege/${id}`;
const zustand = {
  formData: { fahrrad: antworten.fahrrad, deckung: antworten.deckung },
  currentStep: 'person',
};

async function savedRows(): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    server.db.database.db,
    sql`SELECT count(*) AS n FROM saved_applications`,
  );
  return Number(row?.n ?? 0);
}

describe('a signed-in customer saves an application and continues it', () => {
  it('saves, lists, reads back and replaces only their own', async () => {
    today = TODAY;
    const saved = await server.app.inject({
      method: 'PUT',
      url: url(ID),
      headers: ANNA,
      payload: { flow: 'fahrrad', version: 1, zustand },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ id: ID, gueltigBis: '2025-07-15' });

    const list = await server.app.inject({
      method: 'GET',
      url: '/api/portal/gespeicherte-antraege',
      headers: ANNA,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: ID, flow: 'fahrrad', version: 1, schritt: 'person' }),
    ]);
    const read = await server.app.inject({ method: 'GET', url: url(ID), headers: ANNA });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: ID, flow: 'fahrrad', version: 1, zustand });

    // Another customer neither sees nor overwrites it, and an agent has no such list.
    const foreign = await server.app.inject({ method: 'GET', url: url(ID), headers: MUELLER });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toContain('nicht gefunden');
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/portal/gespeicherte-antraege',
      headers: MUELLER,
    });
    expect(theirs.json()).toEqual([]);
    const overwrite = await server.app.inject({
      method: 'PUT',
      url: url(ID),
      headers: MUELLER,
      payload: { flow: 'fahrrad', version: 1, zustand: { formData: {}, currentStep: null } },
    });
    expect(overwrite.statusCode).toBe(404);
    const agent = await server.app.inject({
      method: 'GET',
      url: '/api/portal/gespeicherte-antraege',
      headers: HANSEN,
    });
    expect(agent.statusCode).toBe(404);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: '/api/portal/gespeicherte-antraege',
    });
    expect(anonymous.statusCode).toBe(401);

    const replaced = await server.app.inject({
      method: 'PUT',
      url: url(ID),
      headers: ANNA,
      payload: { flow: 'fahrrad', version: 1, zustand: { ...zustand, currentStep: 'risikoort' } },
    });
    expect(replaced.statusCode).toBe(200);
    const again = await server.app.inject({ method: 'GET', url: url(ID), headers: ANNA });
    expect(again.json().zustand.currentStep).toBe('risikoort');
  });

  it('refuses an old version, an unknown step and a flow that does not offer saving', async () => {
    const old = await server.app.inject({
      method: 'PUT',
      url: url(OTHER_ID),
      headers: ANNA,
      payload: { flow: 'fahrrad', version: 2, zustand },
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().fieldErrors).toEqual([expect.objectContaining({ path: '/body/version' })]);
    const step = await server.app.inject({
      method: 'PUT',
      url: url(OTHER_ID),
      headers: ANNA,
      payload: { flow: 'fahrrad', version: 1, zustand: { ...zustand, currentStep: 'gibtsnicht' } },
    });
    expect(step.statusCode).toBe(400);
    const flow = await server.app.inject({
      method: 'PUT',
      url: url(OTHER_ID),
      headers: ANNA,
      payload: { flow: 'hausrat', version: 1, zustand: { formData: {}, currentStep: null } },
    });
    expect(flow.statusCode).toBe(400);
    expect(flow.json().fieldErrors).toEqual([expect.objectContaining({ path: '/body/flow' })]);
  });

  it('ends 30 days after the last save and is deleted then', async () => {
    today = '2025-07-15';
    const last = await server.app.inject({ method: 'GET', url: url(ID), headers: ANNA });
    expect(last.statusCode).toBe(200);
    today = '2025-07-16';
    const gone = await server.app.inject({ method: 'GET', url: url(ID), headers: ANNA });
    expect(gone.statusCode).toBe(404);
    expect(await savedRows()).toBe(0);
    today = TODAY;
  });

  it('deletes one on request', async () => {
    today = TODAY;
    await server.app.inject({
      method: 'PUT',
      url: url(OTHER_ID),
      headers: ANNA,
      payload: { flow: 'fahrrad', version: 1, zustand },
    });
    expect(
      (await server.app.inject({ method: 'DELETE', url: url(OTHER_ID), headers: MUELLER }))
        .statusCode,
    ).toBe(404);
    expect(
      (await server.app.inject({ method: 'DELETE', url: url(OTHER_ID), headers: ANNA })).statusCode,
    ).toBe(204);
    expect(
      (await server.app.inject({ method: 'GET', url: url(OTHER_ID), headers: ANNA })).statusCode,
    ).toBe(404);
  });
});

describe('a public applicant resumes by a link sent by e-mail', () => {
  const email = 'link.test@beispiel.example';

  async function requestLink(): Promise<string> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/antrag/fahrrad/fortsetzungslink',
      payload: {
        email,
        geburtsdatum: '1980-05-12',
        marke: 'andsafe',
        version: 1,
        zustand: {
          formData: { fahrrad: antworten.fahrrad, person: antworten.person },
          currentStep: 'risikoort',
        },
      },
    });
    expect(response.statusCode).toBe(202);
    // The mail "sent": the newest outbox row of the address (this server has no dev outbox).
    const [row] = await queryRows<{ code: string; purpose: string; destination: string }>(
      server.db.database.db,
      sql`SELECT code, purpose, destination FROM identity_outbox
          WHERE username = ${email} ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ purpose: 'antrag-fortsetzen', destination: email });
    return row?.code ?? '';
  }

  const tokenOf = (link: string) => /\/antrag\/fortsetzen\/([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';

  it('restores the answers after the right birth date, refuses a wrong one in German', async () => {
    today = TODAY;
    const link = await requestLink();
    expect(link).toMatch(/^\/antrag\/fortsetzen\/[A-Za-z0-9_-]+\?brand=andsafe$/);
    const token = tokenOf(link);
    const wrong = await server.app.inject({
      method: 'POST',
      url: `/api/antrag/fortsetzen/${token}`,
      payload: { geburtsdatum: '1980-12-05' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error: 'wrong-birth-date' });
    expect(wrong.json().message).toContain('Das Geburtsdatum stimmt nicht');
    const right = await server.app.inject({
      method: 'POST',
      url: `/api/antrag/fortsetzen/${token}`,
      payload: { geburtsdatum: '1980-05-12' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({
      flow: 'fahrrad',
      version: 1,
      marke: 'andsafe',
      zustand: { currentStep: 'risikoort', formData: { person: { nachname: 'Mustermann' } } },
    });
    const unknown = await server.app.inject({
      method: 'POST',
      url: `/api/antrag/fortsetzen/${'x'.repeat(43)}`,
      payload: { geburtsdatum: '1980-05-12' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('expires after 7 days with a German message', async () => {
    today = TODAY;
    const token = tokenOf(await requestLink());
    today = '2025-06-23';
    const expired = await server.app.inject({
      method: 'POST',
      url: `/api/antrag/fortsetzen/${token}`,
      payload: { geburtsdatum: '1980-05-12' },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: 'expired' });
    expect(expired.json().message).toContain('Dieser Link ist abgelaufen');
    today = TODAY;
  });

  it('locks the link after five wrong birth dates', async () => {
    today = TODAY;
    const token = tokenOf(await requestLink());
    for (let i = 0; i < 5; i++) {
      const wrong = await server.app.inject({
        method: 'POST',
        url: `/api/antrag/fortsetzen/${token}`,
        payload: { geburtsdatum: '1999-01-01' },
      });
      expect(wrong.statusCode).toBe(422);
    }
    const locked = await server.app.inject({
      method: 'POST',
      url: `/api/antrag/fortsetzen/${token}`,
      payload: { geburtsdatum: '1980-05-12' },
    });
    expect(locked.statusCode).toBe(410);
  });

  it('refuses a link for a flow that does not offer it and answers of an old version', async () => {
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/antrag/hausrat/fortsetzungslink',
      payload: {
        email,
        geburtsdatum: '1980-05-12',
        version: 1,
        zustand: { formData: {}, currentStep: null },
      },
    });
    expect(other.statusCode).toBe(404);
    const old = await server.app.inject({
      method: 'POST',
      url: '/api/antrag/fahrrad/fortsetzungslink',
      payload: {
        email,
        geburtsdatum: '1980-05-12',
        version: 3,
        zustand: { formData: {}, currentStep: null },
      },
    });
    expect(old.statusCode).toBe(400);
  });
});

describe('the resume link against abuse', () => {
  it('sends at most five links an hour to one address and answers the sixth with 429 in German', async () => {
    const address = 'viele.links@beispiel.example';
    const ask = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/antrag/fahrrad/fortsetzungslink',
        remoteAddress: '203.0.113.7',
        payload: {
          email: address,
          geburtsdatum: '1980-05-12',
          version: 1,
          zustand: { formData: { fahrrad: antworten.fahrrad }, currentStep: 'deckung' },
        },
      });
    // The figures are the product's promise (five an hour), written here, not read from the code.
    for (let sent = 0; sent < 5; sent += 1) expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({
      error: 'too-many-requests',
      message: /Zu viele Versuche/,
    });
    const [mails] = await queryRows<{ anzahl: number }>(
      server.db.database.db,
      sql`SELECT count(*)::int AS anzahl FROM identity_outbox WHERE username = ${address}`,
    );
    expect(mails?.anzahl).toBe(5);
  });

  it('lets one client try at most 30 link openings in 15 minutes', async () => {
    const open = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/antrag/fortsetzen/unbekannter-link-0000000000000',
        remoteAddress: '203.0.113.8',
        payload: { geburtsdatum: '1980-05-12' },
      });
    for (let tried = 0; tried < 30; tried += 1) expect((await open()).statusCode).toBe(404);
    expect((await open()).statusCode).toBe(429);
  });

  it('lets one client ask for at most ten links an hour, to whatever addresses', async () => {
    const ask = (n: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/antrag/fahrrad/fortsetzungslink',
        remoteAddress: '203.0.113.9',
        payload: {
          email: `adresse.${n}@beispiel.example`,
          geburtsdatum: '1980-05-12',
          version: 1,
          zustand: { formData: { fahrrad: antworten.fahrrad }, currentStep: 'deckung' },
        },
      });
    for (let n = 0; n < 10; n += 1) expect((await ask(n)).statusCode).toBe(202);
    const refused = await ask(10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too-many-requests' });
  });
});

describe('a submission in another version of the flow', () => {
  it('is refused with 409 outdated-version in German; the current version is accepted', async () => {
    today = TODAY;
    const old = await api.apply({ variante: 'customer', version: 2, antworten });
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ error: 'outdated-version' });
    expect(old.json().message).toContain('anderen Fassung des Formulars');
    const current = await api.apply({ variante: 'customer', version: 1, antworten });
    expect(current.statusCode).toBe(201);
  });
});
