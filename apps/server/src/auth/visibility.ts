import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { agents, partners, type Brand } from '../db/schema/index.ts';
import type { Identity } from './identity.ts';

// Who may see whom: a customer themself, an agent the customers of its agency. The contract,
// portal, application and agent modules all ask here.

/** The agency and brand of an agent, or null for an unknown agent number. */
export async function agentOf(
  db: Db,
  vermittlerNummer: string,
): Promise<{ agenturNummer: string; brand: Brand } | null> {
  const [agent] = await db
    .select({ agenturNummer: agents.agenturNummer, brand: agents.brand })
    .from(agents)
    .where(eq(agents.vermittlerNummer, vermittlerNummer));
  return agent ?? null;
}

/**
 * The condition "the caller may see this partner", as SQL: a customer only themself, an agent
 * the customers of every agent of its agency (itself, its parent, its siblings). `partnerNummer`
 * is a parameter or a qualified column ({@link CONTRACT_PARTNER}), never a bare column name, which
 * inside the subquery would name `p.partner_nummer` itself; `caller` may be a placeholder of a
 * prepared statement.
 */
export function visibleTo(
  identity: Identity,
  partnerNummer: SQL,
  caller: unknown = identity.role === 'benutzer'
    ? identity.partnerNummer
    : identity.vermittlerNummer,
): SQL {
  if (identity.role === 'benutzer') return sql`${partnerNummer} = ${caller}`;
  return sql`EXISTS (SELECT 1 FROM ${partners} p
    JOIN ${agents} owner ON owner.vermittler_nummer = p.vermittler_nummer
    JOIN ${agents} me ON me.agentur_nummer = owner.agentur_nummer
    WHERE p.partner_nummer = ${partnerNummer} AND me.vermittler_nummer = ${caller})`;
}

/** Whether the caller may see a partner and its contracts (a customer: no query). */
export async function maySeePartner(
  db: Db,
  identity: Identity,
  partnerNummer: string,
): Promise<boolean> {
  if (identity.role === 'benutzer') return identity.partnerNummer === partnerNummer;
  const result = await db.execute(
    sql`SELECT ${visibleTo(identity, sql`${partnerNummer}`)} AS visible`,
  );
  const rows = (result as { rows?: { visible?: unknown }[] }).rows ?? [];
  return rows[0]?.visible === true;
}
