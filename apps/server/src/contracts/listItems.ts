import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { contracts, contractTasks } from '../db/schema/index.ts';
import type { ContractRow } from './access.ts';
import { toListItem } from './contractView.ts';

/**
 * The contract list items of one partner's contracts, each with its open tasks (what the
 * dashboard asks the customer to do: confirm the revenue by a date), in one more query.
 */
export async function listItemsOf(db: Db, partnerNummer: string, rows: readonly ContractRow[]) {
  const open = await db
    .select({
      versicherungsNummer: contractTasks.versicherungsNummer,
      typ: contractTasks.typ,
      faelligAm: contractTasks.faelligAm,
    })
    .from(contractTasks)
    .innerJoin(contracts, eq(contracts.versicherungsNummer, contractTasks.versicherungsNummer))
    .where(and(eq(contracts.partnerNummer, partnerNummer), eq(contractTasks.status, 'Offen')))
    .orderBy(asc(contractTasks.faelligAm), asc(contractTasks.id));
  return rows.map((row) => ({
    ...toListItem(row),
    offeneAufgaben: open
      .filter((task) => task.versicherungsNummer === row.versicherungsNummer)
      .map((task) => ({ typ: task.typ, faelligAm: task.faelligAm })),
  }));
}
