import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { settleDue } from '../../apps/server/src/contracts/settle.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { demoLogins } from '../../apps/server/src/seed/identityUsers.ts';
import {
  asCustomer,
  DATABASE_URL,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';
import { startServerProcess, urlWithSchema } from './helpers/serverProcess.ts';
import { BASE, plusDays, PRICING, settleCalls, type View } from './helpers/settleHelpers.ts';
import { signIn, userPool } from './identityHelpers.ts';

// Pending changes take effect exactly once when several servers on one PostgreSQL database settle
// at the same moment (contractSettle.test.ts has the rest of settling). PostgreSQL only.

let now = TODAY;
let server: TestServer;
const { view, send, eventsOf } = settleCalls(() => server);

describe.runIf(DATABASE_URL)('two servers with their own pools on one PostgreSQL database', () => {
  beforeAll(async () => {
    now = TODAY;
    server = await startTestServer({ today: () => now, settleIntervalMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('apply each due change exactly once when both are asked at the same moment', async () => {
    let day = TODAY;
    const second = await openDatabase(server.db.reopenOptions);
    const other = await buildServer({
      database: second,
      migrate: false,
      testAuth: true,
      today: () => day,
      settleIntervalMs: 0,
    });
    try {
      now = TODAY;
      day = TODAY;
      const ID = 'HFK-20000101';
      const KLAUS = asCustomer('3000101');
      const current = await view(ID, KLAUS);
      const target = plusDays(60);
      const saved = await send('PATCH', ID, KLAUS, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: target,
        neueSelbstbeteiligung: 'SB_500',
      });
      expect(saved.statusCode).toBe(200);
      const saved2 = await send('PATCH', ID, KLAUS, {
        lastUpdated: saved.json<View>().lastUpdated,
        wirksamkeitsdatum: target,
        zahlweise: 'HALBJAEHRLICH',
      });
      expect(saved2.statusCode).toBe(200);
      // Both clocks pass the day; many reads on both, and both sweeps, at once.
      now = target;
      day = target;
      const reads = Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? server.app : other).inject({
          method: 'GET',
          url: `${BASE}/${ID}`,
          headers: KLAUS,
        }),
      );
      await Promise.all([
        ...reads,
        settleDue(server.db.database.db, PRICING, target),
        settleDue(second.db, PRICING, target),
      ]);
      const effective = async (typ: string) =>
        (await eventsOf(ID, typ)).filter((event) => event.payload['wirksamGeworden'] === true);
      expect(await effective('SelbstbeteiligungGeaendert')).toHaveLength(1);
      expect(await effective('ZahlweiseGeaendert')).toHaveLength(1);
      const both = await Promise.all([
        server.app.inject({ method: 'GET', url: `${BASE}/${ID}`, headers: KLAUS }),
        other.inject({ method: 'GET', url: `${BASE}/${ID}`, headers: KLAUS }),
      ]);
      for (const response of both)
        expect(response.json()).toMatchObject({
          neueSelbstbeteiligung: 'SB_500',
          zahlweise: 'HALBJAEHRLICH',
          vorgemerkteSelbstBeteiligung: [],
          vorgemerkteZahlweise: [],
        });
      expect(both[0]?.json<{ aenderungshistorie: unknown[] }>().aenderungshistorie).toHaveLength(2);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe.runIf(DATABASE_URL)('two server processes (main.ts) on one PostgreSQL database', () => {
  beforeAll(async () => {
    now = TODAY;
    // The identity routes write the demo sign-ins the processes check passwords against.
    server = await startTestServer({ today: () => now, settleIntervalMs: 0, identity: {} });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('apply each due change exactly once under concurrent reads, quotes and sweeps', async () => {
    const ID = 'HFK-20000101';
    const KLAUS = asCustomer('3000101');
    const target = plusDays(40);
    // Two processes whose clocks (SERVER_TODAY, honoured outside production) are already on the
    // day; each sweeps at its start and then every 20 ms, besides settling before each request.
    const env = {
      DATABASE_URL: urlWithSchema(DATABASE_URL ?? '', server.db.reopenOptions.searchPath ?? ''),
      SEED: 'off',
      SERVER_TODAY: target,
      SETTLE_INTERVAL_MS: '20',
    };
    const processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      const login = demoLogins().find((entry) => entry.partnerNummer === '3000101');
      if (!login) throw new Error('no demo sign-in of 3000101');
      const tokens = await Promise.all(
        processes.map(async ({ base }) => {
          const outcome = await signIn(
            await userPool(base, 'benutzer'),
            login.username,
            login.password,
          );
          if (outcome.kind !== 'success') throw new Error(`sign-in failed: ${outcome.kind}`);
          return outcome.session.getAccessToken().getJwtToken();
        }),
      );
      /** One call; a 503 of the load shedding (main.ts turns it on) is tried again. */
      const call = async (index: number, path: string, body?: object): Promise<Response> => {
        for (let attempt = 0; ; attempt += 1) {
          const response = await fetch(`${processes[index]?.base}${BASE}/${path}`, {
            method: body ? 'POST' : 'GET',
            headers: {
              authorization: `Bearer ${tokens[index]}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          if (response.status !== 503 || attempt === 20) return response;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      // This test's server, still on TODAY, saves both changes for the day: from that moment
      // they are due for both processes, which race for them with their sweeps, the requests
      // below and two more sweeps of this test.
      const current = await view(ID, KLAUS);
      const saved = await send('PATCH', ID, KLAUS, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: target,
        neueSelbstbeteiligung: 'SB_500',
        zahlweise: 'HALBJAEHRLICH',
      });
      expect(saved.statusCode).toBe(200);
      const storm = Array.from({ length: 30 }, (_, i) => {
        const index = i % 2;
        if (i % 3 === 0) return call(index, `findByPartnerNummer/3000101`);
        if (i % 3 === 1)
          return call(index, `${ID}/beitrag/selbstbeteiligung`, {
            versicherungsNummer: ID,
            wirksamkeitsdatum: target,
            neueSelbstbeteiligung: 'SB_500',
          });
        return call(index, ID);
      });
      const db = server.db.database.db;
      const responses = await Promise.all([
        ...storm,
        settleDue(db, PRICING, target),
        settleDue(db, PRICING, target),
      ]);
      for (const response of responses.slice(0, storm.length))
        expect((response as Response).status).toBe(200);
      const effective = async (typ: string) =>
        (await eventsOf(ID, typ)).filter((event) => event.payload['wirksamGeworden'] === true);
      expect(await effective('SelbstbeteiligungGeaendert')).toHaveLength(1);
      expect(await effective('ZahlweiseGeaendert')).toHaveLength(1);
      for (const index of [0, 1]) {
        const read = await call(index, ID);
        const body = (await read.json()) as Record<string, unknown>;
        expect(body).toMatchObject({
          neueSelbstbeteiligung: 'SB_500',
          zahlweise: 'HALBJAEHRLICH',
          vorgemerkteSelbstBeteiligung: [],
          vorgemerkteZahlweise: [],
        });
        expect(body['aenderungshistorie']).toHaveLength(2);
        // The quote each process answers starts from the contract as it now stands.
        const quote = await call(index, `${ID}/beitrag/selbstbeteiligung`, {
          versicherungsNummer: ID,
          wirksamkeitsdatum: target,
          neueSelbstbeteiligung: 'SB_500',
        });
        expect(await quote.json()).toMatchObject({
          zahlweise: 'HALBJAEHRLICH',
          beitrag: body['versicherungsPraemie'],
        });
      }
    } finally {
      await Promise.all(processes.map((child) => child.stop()));
    }
  }, 180_000);
});
