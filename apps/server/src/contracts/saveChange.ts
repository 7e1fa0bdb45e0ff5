import { and, eq, sql } from 'drizzle-orm';
import { actorIdOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { auditLog, changeEvents, contracts, pendingChanges } from '../db/schema/index.ts';
import { completeKey } from '../idempotency/idempotency.ts';
import { isPriced, type TariffCatalogue } from '../pricing/index.ts';
import type { SaveBody } from '../routes/saveSchema.ts';
import { findVisibleContract } from './access.ts';
import { CHANGE_KINDS, changesOfBody } from './changeKinds.ts';
import { toContractView } from './contractView.ts';
import { quoteChanges } from './quote.ts';

/** A response decided by the save, sent as is by the route. */
export interface SaveOutcome {
  status: 200 | 400 | 404 | 409 | 422;
  body: unknown;
}

/** Everything a save needs besides the body. */
export interface SaveRequest {
  db: Db;
  tariffs: TariffCatalogue;
  identity: Identity;
  id: string;
  body: SaveBody;
  today: string;
  requestId: string;
  /** The claimed idempotency key, completed in the same transaction. */
  idempotency: { principal: string; key: string } | null;
}

/** German message of a stale save. */
export const CONFLICT_MESSAGE =
  'Der Vertrag wurde inzwischen geändert. Bitte prüfen Sie die aktuellen Daten.';

/**
 * Saves self-service changes: re-validates and re-prices them (a client's price is never used),
 * writes them now or as pending changes when effective in the future, and records an event per
 * change and an audit row, all in one transaction, conditional on the version the client read.
 */
export async function saveChanges(request: SaveRequest): Promise<SaveOutcome> {
  const { body, identity, id } = request;
  return request.db.transaction(async (tx) => {
    const row = await findVisibleContract(tx, identity, id);
    if (!row)
      return {
        status: 404,
        body: { error: 'not-found', message: 'Diesen Vertrag haben wir nicht gefunden.' },
      };
    if (body.versicherungsNummer !== undefined && body.versicherungsNummer !== id) {
      return {
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
    }
    const readVersion = new Date(body.lastUpdated);
    const conflict = async (): Promise<SaveOutcome> => {
      const current = await findVisibleContract(tx, identity, id);
      return {
        status: 409,
        body: {
          error: 'conflict',
          message: CONFLICT_MESSAGE,
          aktuell: current ? await toContractView(tx, current) : null,
        },
      };
    };
    if (row.lastUpdated.getTime() !== readVersion.getTime()) return conflict();

    const changes = changesOfBody(body as unknown as Record<string, unknown>);
    const price = quoteChanges(
      request.tariffs,
      row,
      changes,
      body.wirksamkeitsdatum,
      request.today,
    );
    if (!isPriced(price))
      return { status: 422, body: { error: 'unprocessable', message: price.fehlermeldung } };
    const pending = body.wirksamkeitsdatum > request.today;

    const columns = pending
      ? {}
      : {
          ...Object.assign(
            {},
            ...changes.map((change) => CHANGE_KINDS[change.kind].columns(change.value)),
          ),
          versicherungsPraemie: price.beitrag,
          jahresVersicherungsPraemie: price.jahresbeitrag,
          folgePraemie: price.beitrag,
          wirksamkeitsdatum: body.wirksamkeitsdatum,
        };
    const updated = await tx
      .update(contracts)
      .set({
        ...columns,
        // Millisecond precision so the ISO string a client reads compares equal; always moves forward.
        lastUpdated: sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${contracts.lastUpdated} + interval '1 millisecond')`,
      })
      .where(and(eq(contracts.versicherungsNummer, id), eq(contracts.lastUpdated, readVersion)))
      .returning({ id: contracts.versicherungsNummer });
    if (updated.length === 0) return conflict();

    if (pending) {
      await tx.insert(pendingChanges).values(
        changes.map((change) => ({
          versicherungsNummer: id,
          art: CHANGE_KINDS[change.kind].art,
          wert: change.value,
          wirksamAb: body.wirksamkeitsdatum,
        })),
      );
    }
    await tx.insert(changeEvents).values(
      changes.map((change) => ({
        typ: CHANGE_KINDS[change.kind].eventTyp,
        versicherungsnummer: id,
        wirksamkeitsdatum: body.wirksamkeitsdatum,
        partnernummer: row.partnerNummer,
        partnerKenntnisstand: readVersion,
        payload: {
          neu: change.value,
          alt: CHANGE_KINDS[change.kind].current(row),
          beitrag: price.beitrag,
          alterBeitrag: row.versicherungsPraemie,
          anteiligerBeitrag: price.anteiligerBeitrag,
          vorgemerkt: pending,
        },
      })),
    );
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
    if (request.idempotency) {
      await completeKey(tx, request.idempotency.principal, request.idempotency.key, 200, view);
    }
    return { status: 200, body: view };
  });
}
