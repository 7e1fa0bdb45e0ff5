import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { agents, contracts, partners } from '../db/schema/index.ts';
import { listItemsOf } from '../contracts/listItems.ts';
import { agentOf } from '../auth/visibility.ts';

/** A partner row. */
type PartnerRow = typeof partners.$inferSelect;

/** The customers of an agent's agency (those of the agent, its parent and its siblings). */
async function agencyPartners(db: Db, vermittlerNummer: string): Promise<PartnerRow[]> {
  const agent = await agentOf(db, vermittlerNummer);
  if (!agent) return [];
  const rows = await db
    .select({ partner: partners })
    .from(partners)
    .innerJoin(agents, eq(agents.vermittlerNummer, partners.vermittlerNummer))
    .where(eq(agents.agenturNummer, agent.agenturNummer));
  return rows.map((row) => row.partner);
}

/** One customer of an agent's agency, or null when it is missing or another agency's. */
export async function agencyCustomer(
  db: Db,
  vermittlerNummer: string,
  partnerNummer: string,
): Promise<PartnerRow | null> {
  const agent = await agentOf(db, vermittlerNummer);
  if (!agent) return null;
  const [row] = await db
    .select({ partner: partners, agentur: agents.agenturNummer })
    .from(partners)
    .innerJoin(agents, eq(agents.vermittlerNummer, partners.vermittlerNummer))
    .where(eq(partners.partnerNummer, partnerNummer));
  return row && row.agentur === agent.agenturNummer ? row.partner : null;
}

const byName = (a: PartnerRow, b: PartnerRow): number =>
  a.nachname.localeCompare(b.nachname, 'de') ||
  a.vorname.localeCompare(b.vorname, 'de') ||
  a.partnerNummer.localeCompare(b.partnerNummer);

/** The customer base of an agent: its agency's customers by name, with their number of contracts. */
export async function customerList(db: Db, vermittlerNummer: string) {
  const customers = (await agencyPartners(db, vermittlerNummer)).sort(byName);
  const counts =
    customers.length === 0
      ? []
      : await db
          .select({ partnerNummer: contracts.partnerNummer, n: count() })
          .from(contracts)
          .where(
            inArray(
              contracts.partnerNummer,
              customers.map((customer) => customer.partnerNummer),
            ),
          )
          .groupBy(contracts.partnerNummer);
  const countOf = new Map(counts.map((row) => [row.partnerNummer, Number(row.n)]));
  return customers.map((customer) => ({
    partnerNummer: customer.partnerNummer,
    anrede: customer.anrede,
    vorname: customer.vorname,
    nachname: customer.nachname,
    geburtsdatum: customer.geburtsdatum,
    plz: customer.plz,
    ort: customer.ort,
    anzahlVertraege: countOf.get(customer.partnerNummer) ?? 0,
  }));
}

/** One customer with address and contracts (the list items of findByPartnerNummer). */
export async function customerDetail(db: Db, customer: PartnerRow) {
  const rows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.partnerNummer, customer.partnerNummer))
    .orderBy(asc(contracts.versicherungsNummer));
  return {
    partnerNummer: customer.partnerNummer,
    anrede: customer.anrede,
    vorname: customer.vorname,
    nachname: customer.nachname,
    geburtsdatum: customer.geburtsdatum,
    email: customer.email,
    telefon: customer.telefon,
    /** The customer's brand: the applications an agent may start for them are those of it. */
    marke: customer.brand,
    adresse: {
      strasse: customer.strasse,
      hausnummer: customer.hausnummer,
      plz: customer.plz,
      ort: customer.ort,
    },
    vertraege: await listItemsOf(db, customer.partnerNummer, rows),
  };
}
