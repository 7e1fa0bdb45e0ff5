import { and, eq, sql } from 'drizzle-orm';
import { actorIdOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { auditLog, changeEvents, contracts, contractTasks } from '../db/schema/index.ts';
import { findVisibleContract } from './access.ts';
import { isActive, toContractView } from './contractView.ts';
import {
  conflictOutcome,
  NEXT_VERSION,
  NOT_FOUND,
  WRONG_NUMBER,
  type SaveOutcome,
} from './saveChange.ts';
import { partOf } from './parts.ts';

/** Sets the open revenue tasks of a contract to Erledigt; returns how many there were. */
export async function closeRevenueTasks(tx: Db, id: string, today: string): Promise<number> {
  const closed = await tx
    .update(contractTasks)
    .set({ status: 'Erledigt', erledigtAm: today })
    .where(
      and(
        eq(contractTasks.versicherungsNummer, id),
        eq(contractTasks.status, 'Offen'),
        sql`${contractTasks.typ} in ('UmsatzErinnern1', 'UmsatzErinnern2')`,
      ),
    )
    .returning({ id: contractTasks.id });
  return closed.length;
}

/** What a revenue confirmation needs. */
export interface ConfirmRevenueRequest {
  db: Db;
  identity: Identity;
  id: string;
  versicherungsNummer?: string | undefined;
  lastUpdated: string;
  today: string;
  requestId: string;
}

/**
 * POST .../{id}/umsatz/bestaetigen: the customer confirms the revenue on file; the open revenue
 * task becomes Erledigt, with an event and an audit row, conditional on the version read.
 */
export async function confirmRevenue(request: ConfirmRevenueRequest): Promise<SaveOutcome> {
  const { identity, id } = request;
  return request.db.transaction(async (tx) => {
    const row = await findVisibleContract(tx, identity, id);
    if (!row) return NOT_FOUND;
    if (request.versicherungsNummer !== undefined && request.versicherungsNummer !== id)
      return WRONG_NUMBER;
    const readVersion = new Date(request.lastUpdated);
    if (row.lastUpdated.getTime() !== readVersion.getTime())
      return conflictOutcome(tx, identity, id);
    const refuse = (message: string): SaveOutcome => ({
      status: 422,
      body: { error: 'unprocessable', message },
    });
    const jahresumsatz = partOf(row, 'jahresumsatz');
    if (!isActive(row.vertragsstatus) || !jahresumsatz)
      return refuse('Für diesen Vertrag ist keine Umsatzbestätigung möglich.');
    const open = await tx
      .select({ id: contractTasks.id })
      .from(contractTasks)
      .where(and(eq(contractTasks.versicherungsNummer, id), eq(contractTasks.status, 'Offen')));
    if (open.length === 0) return refuse('Zu diesem Vertrag ist keine Umsatzabfrage offen.');
    const updated = await tx
      .update(contracts)
      .set({ lastUpdated: NEXT_VERSION })
      .where(and(eq(contracts.versicherungsNummer, id), eq(contracts.lastUpdated, readVersion)))
      .returning({ id: contracts.versicherungsNummer });
    if (updated.length === 0) return conflictOutcome(tx, identity, id);
    await closeRevenueTasks(tx, id, request.today);
    await tx.insert(changeEvents).values({
      typ: 'JahresumsatzBestaetigt',
      versicherungsnummer: id,
      wirksamkeitsdatum: request.today,
      partnernummer: row.partnerNummer,
      partnerKenntnisstand: readVersion,
      payload: {
        jahresumsatz: jahresumsatz.value,
        alterJahresumsatz: jahresumsatz.value,
        beitrag: row.versicherungsPraemie,
        alterBeitrag: row.versicherungsPraemie,
      },
    });
    await tx.insert(auditLog).values({
      actorRole: identity.role,
      actorId: actorIdOf(identity),
      action: 'vertrag.umsatzBestaetigen',
      entity: 'contract',
      entityId: id,
      requestId: request.requestId,
      details: {},
    });
    const fresh = await findVisibleContract(tx, identity, id);
    return { status: 200, body: fresh ? await toContractView(tx, fresh) : null };
  });
}
