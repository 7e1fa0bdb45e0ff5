import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { pendingChanges } from '../db/schema/index.ts';
import type { ChangeCatalogue } from './changeCatalogue.ts';

/**
 * Gives every pending change stored without its list (saved before lists were stored, or seeded)
 * the list its kind declares, in one statement; a change of a kind the server no longer offers
 * keeps none (its history entry reads as a change of the contract). Idempotent.
 */
export async function fillPendingLists(db: Db, kinds: ChangeCatalogue): Promise<void> {
  const pairs = kinds.names.map((name) => {
    const spec = kinds.spec(name);
    return sql`WHEN ${spec.art} THEN ${spec.pendingList}`;
  });
  if (pairs.length === 0) return;
  await db.execute(
    sql`UPDATE ${pendingChanges} SET liste = CASE art ${sql.join(pairs, sql` `)} END
      WHERE liste IS NULL AND art IN (${sql.join(
        kinds.names.map((name) => sql`${kinds.spec(name).art}`),
        sql`, `,
      )})`,
  );
}
