import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import { applicationApi, startApplicationServer, type Answers } from './helpers/applications.ts';
import { asAgent, asCustomer, type TestServer } from './helpers/testDatabase.ts';

// A change of tariff is an application for an existing contract (betriebshaftpflicht-wechsel,
// `forContracts`). While one is open (submitted, not yet handled by the back office) the contract
// takes no second one: not from the customer, not from an agent, not from two requests at once.
// The second gets a German 422 naming the first, which the wizard shows.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const FLOW = 'betriebshaftpflicht-wechsel';
const { apply } = applicationApi(() => server, FLOW);

const antworten: Answers = {
  betrieb: {
    hauptgewerbe: 'Elektroinstallation',
    nebengewerbe: [{ gewerbe: 'Onlinehandel' }],
    jahresumsatz: 940_000,
    mitarbeiter: 8,
  },
  deckung: { versicherungssumme: 5_000_000, selbstbeteiligung: 'SB_500' },
  risiko: { vorschaeden: 'KEINE', auslandstaetigkeit: false, arbeitenInHoehe: false },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'HALBJAEHRLICH' },
  einwilligungen: { wechsel: true, bedingungen: true, datenschutz: true },
};

const openChange = (antragsnummer: string) => ({
  error: 'vertrag-nicht-moeglich',
  message: `Für diesen Vertrag liegt uns schon ein Antrag vor (Antragsnummer ${antragsnummer}). Solange wir ihn bearbeiten, ist kein weiterer Antrag für diesen Vertrag möglich.`,
});

/** The submitted change applications of a contract. */
async function changesOf(contract: string): Promise<string[]> {
  const rows = await queryRows<{ antragsnummer: string }>(
    server.db.database.db,
    sql`SELECT antragsnummer FROM applications
        WHERE status = 'submitted' AND data -> 'vertrag' ->> 'versicherungsNummer' = ${contract}`,
  );
  return rows.map((row) => row.antragsnummer);
}

describe('one open change per contract', () => {
  it('refuses a second change of the contract, by its customer or an agent, naming the open one', async () => {
    const contract = 'SD-30000202';
    const customer = { variante: 'customer', vertragsNummer: contract, antworten };
    const first = await apply(customer, asCustomer('4000102'));
    expect(first.statusCode).toBe(201);
    const { antragsnummer } = first.json<{ antragsnummer: string }>();

    const again = await apply(customer, asCustomer('4000102'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(openChange(antragsnummer));
    const agent = await apply(
      { ...customer, variante: 'agent', partnerNummer: '4000102' },
      asAgent('V-SD-300'),
    );
    expect(agent.statusCode).toBe(422);
    expect(agent.json()).toEqual(openChange(antragsnummer));
    // The flow's preparation says it as well: the wizard shows it instead of the first step.
    const prepared = await server.app.inject({
      method: 'GET',
      url: `/api/antrag/${FLOW}/vertrag/${contract}`,
      headers: asCustomer('4000102'),
    });
    expect(prepared.statusCode).toBe(422);
    expect(prepared.json()).toEqual(openChange(antragsnummer));
    expect(await changesOf(contract)).toEqual([antragsnummer]);
  });

  it('lets exactly one of ten concurrent changes of one contract in; the others get the same 422', async () => {
    const contract = 'AS-10000201';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        apply(
          { variante: 'customer', vertragsNummer: contract, antworten },
          { ...asCustomer('2000102'), 'idempotency-key': `wechsel-${i}` },
        ),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(1);
    const antragsnummer = created[0]?.json<{ antragsnummer: string }>().antragsnummer ?? '';
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(openChange(antragsnummer));
    }
    expect(await changesOf(contract)).toEqual([antragsnummer]);
  });
});
