import { and, eq, sql } from 'drizzle-orm';
import type { Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { readCacheOf } from '../db/readCache.ts';
import { contracts } from '../db/schema/index.ts';
import { visibleTo } from '../auth/visibility.ts';
import {
  contractViewOf,
  viewColumns,
  type ContractRow,
  type ContractView,
} from './contractView.ts';

/** `contracts.partner_nummer`, qualified for use inside visibleTo's subquery (auth/visibility.ts). */
export const CONTRACT_PARTNER = sql`${sql.identifier('contracts')}.${sql.identifier('partner_nummer')}`;

export type { ContractRow } from './contractView.ts';

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
