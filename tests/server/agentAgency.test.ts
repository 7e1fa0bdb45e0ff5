import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { identityOutbox, identityUsers } from '../../apps/server/src/identity/schema.ts';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

// The agent's own data, agency, the agency's contracts and sub-agents: each agent sees only its
// own agency; creating a sub-agent makes a user who must set a password at first sign-in.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const HANSEN = asAgent('V-AS-100');
const MIRA = asAgent('V-AS-101');
const PETERSEN = asAgent('V-HFK-200');

const get = (url: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url, headers, payload });

describe('agent portal data', () => {
  it('shows the agent their profile and agency with its agents and distribution paths', async () => {
    const profile = await get('/api/vermittler/profil', HANSEN);
    expect(profile.json()).toMatchObject({
      vermittlerNummer: 'V-AS-100',
      email: 'jens.hansen@vb-hansen.example',
      untervermittler: false,
      marke: 'andsafe',
    });
    // The brand decides the portal's design: an agent of hfk sees hfk.
    expect((await get('/api/vermittler/profil', PETERSEN)).json()).toMatchObject({ marke: 'hfk' });
    const agency = (await get('/api/vermittler/agentur', HANSEN)).json<{
      vermittler: { vermittlerNummer: string; vertriebsweg: string }[];
    }>();
    expect(agency.vermittler.map((v) => v.vermittlerNummer)).toEqual(['V-AS-100', 'V-AS-101']);
    expect(agency.vermittler[1]?.vertriebsweg).toBe('UNTERVERMITTLER');
  });

  it('lists only the agency’s customers’ contracts', async () => {
    const own = (await get('/api/vermittler/vertraege', HANSEN)).json<
      { versicherungsNummer: string; kunde: string }[]
    >();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((c) => c.versicherungsNummer.startsWith('AS-'))).toBe(true);
    expect(own.map((c) => c.kunde)).toContain('Anna Schmidt');
    const other = (await get('/api/vermittler/vertraege', PETERSEN)).json<
      { versicherungsNummer: string }[]
    >();
    expect(other.some((c) => c.versicherungsNummer.startsWith('AS-'))).toBe(false);
    // Another agency's contract by number: the same 404 as a missing one.
    const foreign = await get('/api/vertrag/vertrag/AS-10000101', PETERSEN);
    const missing = await get('/api/vertrag/vertrag/AS-99999999', PETERSEN);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await get('/api/vertrag/vertrag/AS-10000101', MIRA)).statusCode).toBe(200);
  });

  it('keeps customers out of every agent call and needs a sign-in for each', async () => {
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/vermittler/profil'],
      ['PUT', '/api/vermittler/einstellungen', { benachrichtigungEmail: 'a@b.example' }],
      ['GET', '/api/vermittler/agentur'],
      ['GET', '/api/vermittler/vertraege'],
      ['GET', '/api/vermittler/untervermittler'],
      ['POST', '/api/vermittler/untervermittler', { name: 'Kunde', email: 'kunde@b.example' }],
    ];
    for (const [method, url, payload] of calls) {
      const customer = await server.app.inject({
        method: method as 'GET',
        url,
        headers: asCustomer('2000101'),
        ...(payload ? { payload } : {}),
      });
      expect(customer.statusCode, `${method} ${url}`).toBe(404);
      expect(customer.json<{ message: string }>().message).toBe('Diese Adresse gibt es nicht.');
      const anonymous = await server.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing was created by the customer's attempt.
    const list = (await get('/api/vermittler/untervermittler', HANSEN)).json<{ email: string }[]>();
    expect(list.some((s) => s.email === 'kunde@b.example')).toBe(false);
  });

  it('stores the notification e-mail, refusing an invalid one in German', async () => {
    const bad = await server.app.inject({
      method: 'PUT',
      url: '/api/vermittler/einstellungen',
      headers: PETERSEN,
      payload: { benachrichtigungEmail: 'keine-adresse' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: { message: string }[] }>().fieldErrors[0]?.message).toMatch(
      /E-Mail/,
    );
    const ok = await server.app.inject({
      method: 'PUT',
      url: '/api/vermittler/einstellungen',
      headers: PETERSEN,
      payload: { benachrichtigungEmail: 'Post@HFK-Petersen.example' },
    });
    expect(ok.json()).toMatchObject({ benachrichtigungEmail: 'post@hfk-petersen.example' });
  });
});

describe('sub-agents', () => {
  it('creates a sub-agent who must set a password, with the temporary one sent by e-mail', async () => {
    const created = await post('/api/vermittler/untervermittler', HANSEN, {
      name: 'Tom Hansen',
      email: 'Tom.Hansen@vb-hansen.example',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      vermittlerNummer: 'V-AS-102',
      name: 'Tom Hansen',
      email: 'tom.hansen@vb-hansen.example',
    });
    const db = server.db.database.db;
    const [user] = await db
      .select()
      .from(identityUsers)
      .where(
        and(
          eq(identityUsers.pool, 'vermittler'),
          eq(identityUsers.username, 'tom.hansen@vb-hansen.example'),
        ),
      );
    expect(user).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', vermittlerNummer: 'V-AS-102' });
    const [mail] = await db
      .select()
      .from(identityOutbox)
      .where(eq(identityOutbox.username, 'tom.hansen@vb-hansen.example'));
    expect(mail).toMatchObject({ purpose: 'TEMPORARY_PASSWORD', channel: 'EMAIL' });
    const list = (await get('/api/vermittler/untervermittler', MIRA)).json<
      { vermittlerNummer: string }[]
    >();
    expect(list.map((s) => s.vermittlerNummer)).toEqual(['V-AS-101', 'V-AS-102']);
    const elsewhere = (await get('/api/vermittler/untervermittler', PETERSEN)).json<
      { vermittlerNummer: string }[]
    >();
    expect(elsewhere.map((s) => s.vermittlerNummer)).toEqual(['V-HFK-201']);
    // The new sub-agent sees the agency's customers.
    expect((await get('/api/vermittler/kunden', asAgent('V-AS-102'))).statusCode).toBe(200);
  });

  it('refuses an address in use with 409 and a sub-agent creating sub-agents with 403', async () => {
    const taken = await post('/api/vermittler/untervermittler', PETERSEN, {
      name: 'Doppelt',
      email: 'jens.hansen@vb-hansen.example',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toMatch(/schon einen Zugang/);
    const sub = await post('/api/vermittler/untervermittler', MIRA, {
      name: 'Neu',
      email: 'neu@vb-hansen.example',
    });
    expect(sub.statusCode).toBe(403);
    const invalid = await post('/api/vermittler/untervermittler', HANSEN, {
      name: ' ',
      email: 'x',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('creates sub-agents sent at the same time with numbers of their own, one per address', async () => {
    const emails = ['a', 'b', 'c', 'd'].map((x) => `parallel-${x}@vb-hansen.example`);
    const created = await Promise.all(
      emails.map((email) =>
        post('/api/vermittler/untervermittler', HANSEN, { name: 'Parallel', email }),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const numbers = created.map((r) => r.json<{ vermittlerNummer: string }>().vermittlerNummer);
    expect(new Set(numbers).size).toBe(4);
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        post('/api/vermittler/untervermittler', HANSEN, {
          name: 'Doppelt',
          email: 'zugleich@vb-hansen.example',
        }),
      ),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const list = (await get('/api/vermittler/untervermittler', HANSEN)).json<{ email: string }[]>();
    expect(list.filter((s) => s.email === 'zugleich@vb-hansen.example')).toHaveLength(1);
  });

  it('creates once per Idempotency-Key', async () => {
    const headers = { ...HANSEN, 'idempotency-key': 'unter-1' };
    const payload = { name: 'Ina Hansen', email: 'ina.hansen@vb-hansen.example' };
    const first = await post('/api/vermittler/untervermittler', headers, payload);
    const again = await post('/api/vermittler/untervermittler', headers, payload);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });
});

describe('claims of the agency’s customers', () => {
  const UNREAD = '00000000-0000-4000-8000-000000900002';

  it('shows an agent the claim of an agency customer, and another agency’s like a missing one', async () => {
    const own = await get('/api/portal/schaeden/S-2025-000101', PETERSEN);
    expect(own.statusCode).toBe(200);
    const foreign = await get('/api/portal/schaeden/S-2025-000101', HANSEN);
    const missing = await get('/api/portal/schaeden/S-2099-999999', HANSEN);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const foreignMessage = await get(
      `/api/portal/schaeden/S-2025-000101/nachrichten/${UNREAD}`,
      HANSEN,
    );
    expect(foreignMessage.statusCode).toBe(404);
    expect((await get('/api/portal/schaeden', HANSEN)).json<{ aktenId: string }[]>()).toEqual([
      expect.objectContaining({ aktenId: 'S-2025-000102' }),
    ]);
  });

  it('lets an agent read a customer’s claim message without marking it read for the customer', async () => {
    const message = await get(`/api/portal/schaeden/S-2025-000101/nachrichten/${UNREAD}`, PETERSEN);
    expect(message.json()).toMatchObject({ id: UNREAD, gelesen: false });
    const claim = (await get('/api/portal/schaeden/S-2025-000101', PETERSEN)).json<{
      nachrichten: { id: string; gelesen: boolean }[];
    }>();
    expect(claim.nachrichten.find((n) => n.id === UNREAD)?.gelesen).toBe(false);
  });

  it('does not let an agent hand in a customer’s claim documents', async () => {
    const claim = (await get('/api/portal/schaeden/S-2025-000101', PETERSEN)).json<{
      unterlagen: { id: string }[];
    }>();
    const handIn = await post(
      `/api/portal/schaeden/S-2025-000101/unterlagen/${claim.unterlagen[0]?.id ?? ''}`,
      PETERSEN,
      { upload: '00000000-0000-4000-8000-000000000001' },
    );
    expect(handIn.statusCode).toBe(404);
  });
});

describe('a sub-agent’s access sent again', () => {
  const resend = (nummer: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: `/api/vermittler/untervermittler/${nummer}/zugang`,
      headers,
    });
  const userOf = async (nummer: string) => {
    const [user] = await server.db.database.db
      .select()
      .from(identityUsers)
      .where(and(eq(identityUsers.pool, 'vermittler'), eq(identityUsers.vermittlerNummer, nummer)));
    return user;
  };

  it('lists which sub-agents have not signed in yet and sends one a new temporary password', async () => {
    const created = await post('/api/vermittler/untervermittler', HANSEN, {
      name: 'Uwe Neu',
      email: 'uwe.neu@vb-hansen.example',
    });
    const { vermittlerNummer } = created.json<{ vermittlerNummer: string }>();
    const list = (await get('/api/vermittler/untervermittler', HANSEN)).json<
      { vermittlerNummer: string; erstanmeldungOffen: boolean }[]
    >();
    expect(list.find((s) => s.vermittlerNummer === 'V-AS-101')?.erstanmeldungOffen).toBe(false);
    expect(list.find((s) => s.vermittlerNummer === vermittlerNummer)?.erstanmeldungOffen).toBe(
      true,
    );
    const before = await userOf(vermittlerNummer);
    const sent = await resend(vermittlerNummer, HANSEN);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ email: 'uwe.neu@vb-hansen.example' });
    const mails = await server.db.database.db
      .select()
      .from(identityOutbox)
      .where(eq(identityOutbox.username, 'uwe.neu@vb-hansen.example'));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.purpose === 'TEMPORARY_PASSWORD')).toBe(true);
    expect(mails[0]?.code).not.toBe(mails[1]?.code);
    // The first temporary password no longer matches: the verifier is a new one.
    const after = await userOf(vermittlerNummer);
    expect(after?.status).toBe('FORCE_CHANGE_PASSWORD');
    expect(after?.verifierHex).not.toBe(before?.verifierHex);
  });

  it('answers another agency’s sub-agent, an agent who is no sub-agent and an unknown number alike', async () => {
    const foreign = await resend('V-HFK-201', HANSEN);
    const missing = await resend('V-AS-999', HANSEN);
    const mainAgent = await resend('V-AS-100', HANSEN);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(mainAgent.body).toBe(missing.body);
    expect(
      (
        await server.db.database.db
          .select()
          .from(identityOutbox)
          .where(eq(identityOutbox.username, 'lena.petersen@hfk-petersen.example'))
      ).length,
    ).toBe(0);
  });

  it('refuses a sub-agent who has set a password (409), a sub-agent sending (403), customers and callers without sign-in', async () => {
    const created = await post('/api/vermittler/untervermittler', HANSEN, {
      name: 'Eva Fertig',
      email: 'eva.fertig@vb-hansen.example',
    });
    const { vermittlerNummer } = created.json<{ vermittlerNummer: string }>();
    // Her first sign-in set her own password.
    await server.db.database.db
      .update(identityUsers)
      .set({ status: 'CONFIRMED' })
      .where(eq(identityUsers.vermittlerNummer, vermittlerNummer));
    const done = await resend(vermittlerNummer, HANSEN);
    expect(done.statusCode).toBe(409);
    expect(done.json<{ message: string }>().message).toMatch(/schon festgelegt/);
    expect((await resend('V-AS-101', MIRA)).statusCode).toBe(403);
    expect((await resend('V-AS-101', asCustomer('2000101'))).statusCode).toBe(404);
    expect((await resend('V-AS-101', {})).statusCode).toBe(401);
  });
});
