import { and, eq, inArray } from 'drizzle-orm';
import type { Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { agents, contracts, partners } from '../db/schema/index.ts';

/** The contract row type. */
export type ContractRow = typeof contracts.$inferSelect;

/** The agent numbers of the agency an agent works for (itself, its parent, its siblings). */
async function agencyAgentNumbers(db: Db, vermittlerNummer: string): Promise<string[]> {
  const [agent] = await db
    .select({ agenturNummer: agents.agenturNummer })
    .from(agents)
    .where(eq(agents.vermittlerNummer, vermittlerNummer));
  if (!agent) return [];
  const rows = await db
    .select({ nummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.agenturNummer, agent.agenturNummer));
  return rows.map((row) => row.nummer);
}

/**
 * The contract when it exists AND the caller may see it: a customer their own, an agent those of
 * its agency's customers. Otherwise null, so that a foreign id and a missing one look alike.
 */
export async function findVisibleContract(
  db: Db,
  identity: Identity,
  id: string,
): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.versicherungsNummer, id));
  if (!row) return null;
  return (await maySeePartner(db, identity, row.partnerNummer)) ? row : null;
}

/** Whether the caller may see a partner and its contracts. */
export async function maySeePartner(
  db: Db,
  identity: Identity,
  partnerNummer: string,
): Promise<boolean> {
  if (identity.role === 'benutzer') return identity.partnerNummer === partnerNummer;
  const agency = await agencyAgentNumbers(db, identity.vermittlerNummer);
  if (agency.length === 0) return false;
  const [partner] = await db
    .select({ nummer: partners.partnerNummer })
    .from(partners)
    .where(
      and(eq(partners.partnerNummer, partnerNummer), inArray(partners.vermittlerNummer, agency)),
    );
  return partner !== undefined;
}
