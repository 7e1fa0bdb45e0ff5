import { and, eq } from 'drizzle-orm';
import { actorIdOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { auditLog, changeEvents, contracts } from '../db/schema/index.ts';
import { findVisibleContract, type ContractRow } from './access.ts';
import { isActive, toContractView } from './contractView.ts';
import { setOf, type ContractPatch } from './parts.ts';
import {
  conflictOutcome,
  NEXT_VERSION,
  NOT_FOUND,
  WRONG_NUMBER,
  type SaveOutcome,
} from './saveChange.ts';

/** What a data save writes: the columns, the change event and the audit row. */
export interface DataChange {
  columns: ContractPatch;
  event: { typ: string; payload: Record<string, unknown> };
  audit: { action: string; details: Record<string, unknown> };
}

/** A save of contract data that needs no premium (bank details, a frame number). */
export interface DataSaveRequest {
  db: Db;
  identity: Identity;
  id: string;
  /** The contract number of the body, when given; must equal `id`. */
  versicherungsNummer?: string | undefined;
  /** The contract's lastUpdated as the client read it (optimistic concurrency). */
  lastUpdated: string;
  today: string;
  requestId: string;
  /** The message of the 422 for a contract that is no longer active. */
  inactiveMessage: string;
  /** Checks the new data against the contract: the change to write, or the outcome refusing it. */
  prepare(row: ContractRow): DataChange | SaveOutcome;
}

const isOutcome = (value: DataChange | SaveOutcome): value is SaveOutcome => 'status' in value;

/** A 422 with a German message. */
export const unprocessable = (message: string): SaveOutcome => ({
  status: 422,
  body: { error: 'unprocessable', message },
});

/** A 400 with one field error. */
export const fieldRefusal = (path: string, keyword: string, message: string): SaveOutcome => ({
  status: 400,
  body: {
    error: 'validation',
    message: 'Bitte prüfen Sie Ihre Eingaben.',
    fieldErrors: [{ path, keyword, message }],
  },
});

/**
 * Saves contract data at once (no pending state, no price): finds the visible contract (404),
 * checks the body's number (400), the version read (409 with `aktuell`), that the contract is
 * active (422) and the data itself (`prepare`), then writes the columns conditional on the version
 * read with a change event and an audit row, all in one transaction (inside the idempotency
 * guard's, which stores the key's response with it). Answers the contract view.
 */
export async function saveContractData(request: DataSaveRequest): Promise<SaveOutcome> {
  const { identity, id } = request;
  return request.db.transaction(async (tx) => {
    const row = await findVisibleContract(tx, identity, id);
    if (!row) return NOT_FOUND;
    if (request.versicherungsNummer !== undefined && request.versicherungsNummer !== id)
      return WRONG_NUMBER;
    const readVersion = new Date(request.lastUpdated);
    if (row.lastUpdated.getTime() !== readVersion.getTime())
      return conflictOutcome(tx, identity, id);
    if (!isActive(row.vertragsstatus)) return unprocessable(request.inactiveMessage);
    const change = request.prepare(row);
    if (isOutcome(change)) return change;

    const updated = await tx
      .update(contracts)
      .set({ ...setOf(change.columns), lastUpdated: NEXT_VERSION })
      .where(and(eq(contracts.versicherungsNummer, id), eq(contracts.lastUpdated, readVersion)))
      .returning({ id: contracts.versicherungsNummer });
    if (updated.length === 0) return conflictOutcome(tx, identity, id);
    await tx.insert(changeEvents).values({
      typ: change.event.typ,
      versicherungsnummer: id,
      wirksamkeitsdatum: request.today,
      partnernummer: row.partnerNummer,
      partnerKenntnisstand: readVersion,
      payload: change.event.payload,
    });
    await tx.insert(auditLog).values({
      actorRole: identity.role,
      actorId: actorIdOf(identity),
      action: change.audit.action,
      entity: 'contract',
      entityId: id,
      requestId: request.requestId,
      details: change.audit.details,
    });
    const fresh = await findVisibleContract(tx, identity, id);
    const view = fresh ? await toContractView(tx, fresh) : null;
    return { status: 200, body: view };
  });
}
