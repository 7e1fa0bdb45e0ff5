import { addYears } from 'date-fns';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { actorIdOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import {
  auditLog,
  changeEvents,
  contracts,
  pendingChanges,
  type Vertragsende,
} from '../db/schema/index.ts';
import { placeMessage } from '../portal/postfach.ts';
import { insuranceYearOf, parseDay } from '../tariffs/index.ts';
import { findVisibleContract, type ContractRow } from './access.ts';
import { isActive, toContractView } from './contractView.ts';
import { endConfirmation } from './endConfirmation.ts';
import type { ReasonCatalogue } from './reasons.ts';
import { widerrufsinfoOf } from './revocation.ts';
import { conflictOutcome, NEXT_VERSION, NOT_FOUND, type SaveOutcome } from './saveChange.ts';

/** A cancellation (kuendigung) or revocation (widerruf) as the DELETE calls receive it. */
export interface EndRequest {
  db: Db;
  identity: Identity;
  id: string;
  art: 'kuendigung' | 'widerruf';
  grund: string;
  freitext: string | null;
  kuendigungsdatum: string | null;
  /** The version the client read (If-Match), when sent. */
  ifMatch: string | null;
  today: string;
  requestId: string;
  /** The reasons the contract may be ended for. */
  reasons: ReasonCatalogue;
}

const germanDate = (iso: string): string => iso.split('-').reverse().join('.');
const refuse = (message: string): SaveOutcome => ({
  status: 422,
  body: { error: 'unprocessable', message },
});
const badReason = (path: string, message: string): SaveOutcome => ({
  status: 400,
  body: {
    error: 'validation',
    message: 'Bitte prüfen Sie Ihre Eingaben.',
    fieldErrors: [{ path, keyword: 'enum', message }],
  },
});

/** The days a cancellation of a contract may take effect (GET .../{id}/kuendigungsdaten). */
export interface Kuendigungsdaten {
  kuendbar: 'TAEGLICH' | 'VERTRAGSENDE';
  /** The first day a cancellation may take effect (ISO date). */
  fruehestesDatum: string;
  /** The last day a cancellation may take effect (ISO date). */
  spaetestesDatum: string;
  /** The one day a cancellation takes effect when it is fixed (VERTRAGSENDE), else null. */
  feststehendesDatum: string | null;
  /** The cancellation reasons of the contract's product (as GET .../kuendigungsgruende/{product}). */
  gruende: { key: string; label: string }[];
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The days a cancellation may take effect by the contract's `kuendbar`, or the 422 refusing one:
 * VERTRAGSENDE only at the end of the insurance year (the next main due date) or at `ablaufdatum`
 * when earlier; TAEGLICH any day from today up to one year ahead, at most to `ablaufdatum`; NEIN
 * and an inactive contract not at all.
 */
export function cancellationDates(
  row: Pick<
    ContractRow,
    | 'kuendbar'
    | 'vertragsstatus'
    | 'ablaufdatum'
    | 'hauptfaelligkeitTag'
    | 'hauptfaelligkeitMonat'
    | 'produkt'
  >,
  today: string,
  reasons: ReasonCatalogue,
): Kuendigungsdaten | SaveOutcome {
  const gruende = reasons.kuendigungsgruende(row.produkt) ?? [];
  if (row.kuendbar === 'NEIN' || !isActive(row.vertragsstatus))
    return refuse('Dieser Vertrag kann nicht online gekündigt werden.');
  if (row.kuendbar === 'VERTRAGSENDE') {
    const due = isoDay(
      insuranceYearOf(parseDay(today), {
        day: row.hauptfaelligkeitTag,
        month: row.hauptfaelligkeitMonat,
      }).end,
    );
    const end = row.ablaufdatum && row.ablaufdatum < due ? row.ablaufdatum : due;
    return {
      kuendbar: 'VERTRAGSENDE',
      fruehestesDatum: end,
      spaetestesDatum: end,
      feststehendesDatum: end,
      gruende,
    };
  }
  const inOneYear = isoDay(addYears(parseDay(today), 1));
  return {
    kuendbar: 'TAEGLICH',
    fruehestesDatum: today,
    spaetestesDatum: row.ablaufdatum && row.ablaufdatum < inOneYear ? row.ablaufdatum : inOneYear,
    feststehendesDatum: null,
    gruende,
  };
}

/** The day a cancellation takes effect, or the outcome refusing it. */
function cancellationDay(row: ContractRow, request: EndRequest): string | SaveOutcome {
  const dates = cancellationDates(row, request.today, request.reasons);
  if ('status' in dates) return dates;
  if (dates.feststehendesDatum !== null) {
    const end = dates.feststehendesDatum;
    if (request.kuendigungsdatum && request.kuendigungsdatum !== end)
      return refuse(`Dieser Vertrag kann nur zum ${germanDate(end)} gekündigt werden.`);
    return end;
  }
  const day = request.kuendigungsdatum ?? request.today;
  if (day < dates.fruehestesDatum)
    return refuse('Das Kündigungsdatum darf nicht in der Vergangenheit liegen.');
  if (row.ablaufdatum && day > row.ablaufdatum)
    return refuse(`Der Vertrag endet bereits am ${germanDate(row.ablaufdatum)}.`);
  if (day > dates.spaetestesDatum)
    return refuse(
      `Das Kündigungsdatum darf höchstens ein Jahr in der Zukunft liegen (spätestens ${germanDate(dates.spaetestesDatum)}).`,
    );
  return day;
}

/** The checks of a revocation; the contract ends retroactively at its start. */
function revocationDay(row: ContractRow, request: EndRequest): string | SaveOutcome {
  const info = widerrufsinfoOf(row, request.today);
  if (!info.widerrufsrecht) return refuse('Für diesen Vertrag besteht kein Widerrufsrecht.');
  if (!info.istWiderrufbarJetzt)
    return refuse('Die Widerrufsfrist für diesen Vertrag ist abgelaufen.');
  return row.vertragsBeginn;
}

/**
 * DELETE .../{id}/kuendigung/{reason} and .../{id}/widerruf/{reason}: checks the reason against
 * the reasons lists and the contract's kuendbar / revocation period, then ends the contract
 * (AUSLAUFEND until a future end, BEENDET today, STORNIERT when revoked) with an event, an
 * audit row and a confirmation in the customer's Postfach in one transaction, conditional on the
 * version read.
 */
export async function endContract(request: EndRequest): Promise<SaveOutcome> {
  const { identity, id } = request;
  return request.db.transaction(async (tx) => {
    const row = await findVisibleContract(tx, identity, id);
    if (!row) return NOT_FOUND;
    if (
      request.ifMatch !== null &&
      new Date(request.ifMatch).getTime() !== row.lastUpdated.getTime()
    )
      return conflictOutcome(tx, identity, id);
    if (row.kuendigung || row.widerruf)
      return conflictOutcome(
        tx,
        identity,
        id,
        'Dieser Vertrag ist bereits gekündigt oder widerrufen.',
      );
    const reasons =
      request.art === 'kuendigung'
        ? (request.reasons.kuendigungsgruende(row.produkt) ?? [])
        : request.reasons.widerrufsgruende();
    const reason = reasons.find((candidate) => candidate.key === request.grund);
    if (!reason)
      return badReason('/params/reason', 'Bitte wählen Sie einen der angebotenen Gründe.');
    if (request.grund === request.reasons.otherReasonKey() && !request.freitext?.trim())
      return badReason('/querystring/freitext', 'Bitte beschreiben Sie Ihren Grund.');
    const day =
      request.art === 'kuendigung' ? cancellationDay(row, request) : revocationDay(row, request);
    if (typeof day !== 'string') return day;

    const record: Vertragsende = {
      grund: request.grund,
      freitext: request.freitext?.trim() || null,
      zum: day,
      eingegangenAm: new Date().toISOString(),
    };
    const status =
      request.art === 'widerruf' ? 'STORNIERT' : day <= request.today ? 'BEENDET' : 'AUSLAUFEND';
    const updated = await tx
      .update(contracts)
      .set({
        vertragsstatus: status,
        beendigungsdatum: day,
        kuendbar: 'NEIN',
        widerrufbar: false,
        ...(request.art === 'kuendigung' ? { kuendigung: record } : { widerruf: record }),
        lastUpdated: NEXT_VERSION,
      })
      .where(and(eq(contracts.versicherungsNummer, id), eq(contracts.lastUpdated, row.lastUpdated)))
      .returning({ id: contracts.versicherungsNummer });
    if (updated.length === 0) return conflictOutcome(tx, identity, id);
    // Pending changes the contract does not live to see are dropped (a revoked one sees none).
    await tx
      .delete(pendingChanges)
      .where(
        and(
          eq(pendingChanges.versicherungsNummer, id),
          isNull(pendingChanges.angewendetAm),
          request.art === 'widerruf' ? undefined : gt(pendingChanges.wirksamAb, day),
        ),
      );
    await tx.insert(changeEvents).values({
      typ: request.art === 'kuendigung' ? 'VertragGekuendigt' : 'VertragWiderrufen',
      versicherungsnummer: id,
      wirksamkeitsdatum: day,
      partnernummer: row.partnerNummer,
      partnerKenntnisstand: row.lastUpdated,
      payload: {
        grund: record.grund,
        freitext: record.freitext,
        alterStatus: row.vertragsstatus,
        neuerStatus: status,
      },
    });
    await tx.insert(auditLog).values({
      actorRole: identity.role,
      actorId: actorIdOf(identity),
      action: request.art === 'kuendigung' ? 'vertrag.kuendigen' : 'vertrag.widerrufen',
      entity: 'contract',
      entityId: id,
      requestId: request.requestId,
      details: { grund: record.grund, zum: day },
    });
    await placeMessage(
      tx,
      row.partnerNummer,
      endConfirmation({ art: request.art, row, grund: reason.label, record }),
    );
    const fresh = await findVisibleContract(tx, identity, id);
    return { status: 200, body: fresh ? await toContractView(tx, fresh) : null };
  });
}
