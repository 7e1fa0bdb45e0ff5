import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { readCacheOf } from '../db/readCache.ts';
import { agents, contracts, partners } from '../db/schema/index.ts';
import {
  contractViewOf,
  viewColumns,
  type ContractRow,
  type ContractView,
} from './contractView.ts';

/** `contracts.partner_nummer`, qualified for use inside {@link visibleTo}'s subquery. */
export const CONTRACT_PARTNER = sql`${sql.identifier('contracts')}.${sql.identifier('partner_nummer')}`;

export type { ContractRow } from './contractView.ts';

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

/** The two reads of a visible contract, built once per database handle and role (prepared). */
function prepare(db: Db, role: Identity['role']) {
  const caller = sql.placeholder('caller');
  const visible =
    role === 'benutzer'
      ? visibleTo({ role, partnerNummer: '' }, CONTRACT_PARTNER, caller)
      : visibleTo({ role, vermittlerNummer: '' }, CONTRACT_PARTNER, caller);
  const where = and(eq(contracts.versicherungsNummer, sql.placeholder('id')), visible);
  return {
    row: db.select().from(contracts).where(where).prepare(`vertrag_${role}`),
    view: db
      .select({ contract: contracts, ...viewColumns })
      .from(contracts)
      .where(where)
      .prepare(`vertrag_sicht_${role}`),
  };
}

type Statements = Record<Identity['role'], ReturnType<typeof prepare>>;
const prepared = new WeakMap<Db, Statements>();

/** The prepared reads of a database handle (a transaction's handle gets its own). */
function statementsOf(db: Db): Statements {
  let statements = prepared.get(db);
  if (!statements) {
    statements = { benutzer: prepare(db, 'benutzer'), vermittler: prepare(db, 'vermittler') };
    prepared.set(db, statements);
  }
  return statements;
}

/** The placeholder values of a read: the contract number and who asks. */
const parametersOf = (identity: Identity, id: string) => ({
  id,
  caller: identity.role === 'benutzer' ? identity.partnerNummer : identity.vermittlerNummer,
});

/**
 * The contract when it exists AND the caller may see it: a customer their own, an agent those of
 * its agency's customers. Otherwise null, so that a foreign id and a missing one look alike.
 * One query; on PGlite kept until the next write (db/readCache.ts).
 */
export async function findVisibleContract(
  db: Db,
  identity: Identity,
  id: string,
): Promise<ContractRow | null> {
  const parameters = parametersOf(identity, id);
  const load = async () =>
    (await statementsOf(db)[identity.role].row.execute(parameters))[0] ?? null;
  const cache = readCacheOf(db);
  return cache ? cache.read(`vertrag:${identity.role}:${parameters.caller}:${id}`, load) : load();
}

/**
 * The customer view of a contract the caller may see, or null (missing and foreign alike): the
 * row, its documents, pending changes and agent in one query; on PGlite kept until the next
 * write (db/readCache.ts).
 */
export async function readVisibleContractView(
  db: Db,
  identity: Identity,
  id: string,
): Promise<ContractView | null> {
  const parameters = parametersOf(identity, id);
  const load = async () => {
    const [row] = await statementsOf(db)[identity.role].view.execute(parameters);
    return row
      ? contractViewOf(row.contract, row.docs, row.pending, row.agent, {
          history: row.history,
          tasks: row.tasks,
        })
      : null;
  };
  const cache = readCacheOf(db);
  return cache ? cache.read(`sicht:${identity.role}:${parameters.caller}:${id}`, load) : load();
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
