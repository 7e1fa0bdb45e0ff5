import { interpolate, lookupText } from '#engine';
import { sql } from 'drizzle-orm';
import { queryRows } from '../claims/sql.ts';
import type { ServerFlow } from '../flows/flowAnswers.ts';
import type { Db } from '../db/database.ts';
import { causeChain, sqlState } from '../http/databaseErrors.ts';
import type { GuardedOutcome } from '../idempotency/guard.ts';

/** The unique index that lets one open change per contract in (migration 0015). */
const OPEN_CHANGE_INDEX = 'applications_open_change';

/** The number of the open (submitted, not yet handled) change of a contract, else null. */
export async function openChangeOf(db: Db, versicherungsNummer: string): Promise<string | null> {
  const [row] = await queryRows<{ antragsnummer: string }>(
    db,
    sql`SELECT antragsnummer FROM applications WHERE open_change_of = ${versicherungsNummer}`,
  );
  return row?.antragsnummer ?? null;
}

/**
 * The 422 `vertrag-nicht-moeglich` for a contract with an open change: the German text of
 * `common:errors.openChange` naming that application, which the flow's wizard shows.
 */
export function openChangeRefusal(flow: ServerFlow, antragsnummer: string): GuardedOutcome {
  const text =
    lookupText(flow.bundles, 'errors.openChange', 'common') ??
    lookupText(flow.bundles, 'errors.default', 'common') ??
    '';
  return {
    status: 422,
    body: { error: 'vertrag-nicht-moeglich', message: interpolate(text, { antragsnummer }) },
  };
}

/** Whether a write failed because the contract has an open change already (the race's loser). */
export function isOpenChangeConflict(error: unknown): boolean {
  return (
    sqlState(error) === '23505' &&
    causeChain(error).some(
      (item) => (item as { constraint?: unknown }).constraint === OPEN_CHANGE_INDEX,
    )
  );
}
