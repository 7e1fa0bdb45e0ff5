import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { actorIdOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { auditLog, changeEvents, contracts, pendingChanges } from '../db/schema/index.ts';
import { isPriced, type PricedResult, type TariffCatalogue } from '../tariffs/index.ts';
import { findVisibleContract, type ContractRow } from './access.ts';
import { VALIDATION_MESSAGE } from '../http/errors.ts';
import { changeFieldErrors, type Change, type ChangeCatalogue } from './changeCatalogue.ts';
import { toContractView } from './contractView.ts';
import { quote } from './quote.ts';
import { setOf } from './parts.ts';

/** A response decided by the save, sent as is by the route. */
export interface SaveOutcome {
  status: 200 | 400 | 404 | 409 | 422;
  body: unknown;
}

/** Everything a save needs. */
export interface SaveRequest {
  db: Db;
  tariffs: TariffCatalogue;
  /** The server's change kinds (the kinds of `changes`). */
  kinds: ChangeCatalogue;
  identity: Identity;
  id: string;
  /** The contract number of the body, when given; must equal `id`. */
  versicherungsNummer?: string | undefined;
  /** The contract's lastUpdated as the client read it (optimistic concurrency). */
  lastUpdated: string;
  wirksamkeitsdatum: string;
  changes: Change[];
  today: string;
  requestId: string;
  /** More work in the same transaction, after the contract was written (e.g. closing tasks). */
  afterWrite?: (tx: Db, row: ContractRow) => Promise<void>;
}

/** German message of a stale save. */
export const CONFLICT_MESSAGE =
  'Der Vertrag wurde inzwischen geändert. Bitte prüfen Sie die aktuellen Daten.';

/** The 400 of a body whose versicherungsNummer names another contract. */
export const WRONG_NUMBER: SaveOutcome = {
  status: 400,
  body: {
    error: 'validation',
    message: 'Bitte prüfen Sie Ihre Eingaben.',
    fieldErrors: [
      {
        path: '/body/versicherungsNummer',
        keyword: 'const',
        message: 'Die Versicherungsnummer passt nicht zum Vertrag.',
      },
    ],
  },
};

/** The 404 of a missing or foreign contract. */
export const NOT_FOUND: SaveOutcome = {
  status: 404,
  body: { error: 'not-found', message: 'Diesen Vertrag haben wir nicht gefunden.' },
};

/** The 409 with the current version of the contract. */
export async function conflictOutcome(
  tx: Db,
  identity: Identity,
  id: string,
  message = CONFLICT_MESSAGE,
): Promise<SaveOutcome> {
  const current = await findVisibleContract(tx, identity, id);
  return {
    status: 409,
    body: {
      error: 'conflict',
      message,
      aktuell: current ? await toContractView(tx, current) : null,
    },
  };
}

/** The premium columns of a contract priced at `price` (per payment, per year, follow-up). */
export const premiumColumns = (price: PricedResult) => ({
  versicherungsPraemie: price.beitrag,
  jahresVersicherungsPraemie: price.jahresbeitrag,
  folgePraemie: price.beitrag,
});

/** Moves lastUpdated forward, with millisecond precision so the ISO string a client reads compares equal. */
export const NEXT_VERSION = sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${contracts.lastUpdated} + interval '1 millisecond')`;

/**
 * Saves self-service changes: re-validates and re-prices them (a client's price is never used),
 * writes them now or as pending changes when effective in the future, and records an event per
 * change and an audit row, all in one transaction, conditional on the version the client read.
 */
export async function saveChanges(request: SaveRequest): Promise<SaveOutcome> {
  const { identity, id, changes, wirksamkeitsdatum } = request;
  const kindSpec = (kind: string) => request.kinds.spec(kind);
  return request.db.transaction(async (tx) => {
    const row = await findVisibleContract(tx, identity, id);
    if (!row) return NOT_FOUND;
    if (request.versicherungsNummer !== undefined && request.versicherungsNummer !== id)
      return WRONG_NUMBER;
    const readVersion = new Date(request.lastUpdated);
    if (row.lastUpdated.getTime() !== readVersion.getTime())
      return conflictOutcome(tx, identity, id);
    const fieldErrors = changeFieldErrors(request.kinds, changes, {
      row,
      tariffs: request.tariffs,
    });
    if (fieldErrors.length > 0)
      return {
        status: 400,
        body: { error: 'validation', message: VALIDATION_MESSAGE, fieldErrors },
      };

    const {
      result: price,
      input,
      worksheet,
    } = quote(request, row, changes, wirksamkeitsdatum, request.today);
    if (!isPriced(price))
      return { status: 422, body: { error: 'unprocessable', message: price.fehlermeldung } };
    const pending = wirksamkeitsdatum > request.today;
    const context = { row, tariffs: request.tariffs, input };
    const columns = pending
      ? {}
      : {
          ...Object.assign({}, ...changes.map((c) => kindSpec(c.kind).columns(c.value, context))),
          ...premiumColumns(price),
          wirksamkeitsdatum,
        };
    const updated = await tx
      .update(contracts)
      .set({ ...setOf(columns), lastUpdated: NEXT_VERSION })
      .where(and(eq(contracts.versicherungsNummer, id), eq(contracts.lastUpdated, readVersion)))
      .returning({ id: contracts.versicherungsNummer });
    if (updated.length === 0) return conflictOutcome(tx, identity, id);

    // A new change of a kind replaces the kind's earlier pending one (pending or effective now).
    const arts = [...new Set(changes.map((change) => kindSpec(change.kind).art))];
    const earlier = await tx
      .select({ id: pendingChanges.id, art: pendingChanges.art, wert: pendingChanges.wert })
      .from(pendingChanges)
      .where(
        and(
          eq(pendingChanges.versicherungsNummer, id),
          isNull(pendingChanges.angewendetAm),
          inArray(pendingChanges.art, arts),
        ),
      );
    const replaced = earlier.filter((old) =>
      changes.some((change) => {
        const kind = kindSpec(change.kind);
        return kind.art === old.art && (kind.replaces?.(change.value, old.wert) ?? true);
      }),
    );
    if (replaced.length > 0)
      await tx.delete(pendingChanges).where(
        inArray(
          pendingChanges.id,
          replaced.map((old) => old.id),
        ),
      );
    if (pending) {
      await tx.insert(pendingChanges).values(
        changes.map((change) => ({
          versicherungsNummer: id,
          art: kindSpec(change.kind).art,
          liste: kindSpec(change.kind).pendingList,
          wert: change.value,
          wirksamAb: wirksamkeitsdatum,
          rechenweg: worksheet,
        })),
      );
    }
    await tx.insert(changeEvents).values(
      changes.map((change) => ({
        typ: kindSpec(change.kind).eventTyp,
        versicherungsnummer: id,
        wirksamkeitsdatum,
        partnernummer: row.partnerNummer,
        partnerKenntnisstand: readVersion,
        payload: {
          neu: change.value,
          alt: kindSpec(change.kind).current(row),
          beitrag: price.beitrag,
          alterBeitrag: row.versicherungsPraemie,
          anteiligerBeitrag: price.anteiligerBeitrag,
          vorgemerkt: pending,
          ...kindSpec(change.kind).eventFields?.(change.value, context, price),
        },
      })),
    );
    if (!pending)
      for (const change of changes)
        await kindSpec(change.kind).onEffective?.(tx, change.value, row);
    await request.afterWrite?.(tx, row);
    await tx.insert(auditLog).values({
      actorRole: identity.role,
      actorId: actorIdOf(identity),
      action: 'vertrag.aendern',
      entity: 'contract',
      entityId: id,
      requestId: request.requestId,
      details: { aenderungen: changes.map((change) => change.kind), vorgemerkt: pending },
    });
    const fresh = await findVisibleContract(tx, identity, id);
    const view = fresh ? await toContractView(tx, fresh) : null;
    return { status: 200, body: view };
  });
}
