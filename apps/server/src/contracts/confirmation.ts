import { and, eq, isNull } from 'drizzle-orm';
import { actorIdOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { auditLog, changeEvents, contracts } from '../db/schema/index.ts';
import { findVisibleContract } from './access.ts';
import { NOT_FOUND, type SaveOutcome } from './saveChange.ts';

/**
 * POST /api/vertrag/vertrag/confirmation/{partner}/{contract}: the customer (or the agent for
 * them) confirms having received the contract. The first confirmation is recorded with an event
 * and an audit row; a repeat answers the same confirmation and writes nothing.
 */
export async function confirmContract(request: {
  db: Db;
  identity: Identity;
  partner: string;
  contract: string;
  today: string;
  requestId: string;
}): Promise<SaveOutcome> {
  const { identity } = request;
  return request.db.transaction(async (tx) => {
    const row = await findVisibleContract(tx, identity, request.contract);
    if (!row || row.partnerNummer !== request.partner) return NOT_FOUND;
    let bestaetigtAm = row.bestaetigtAm;
    if (!bestaetigtAm) {
      const [updated] = await tx
        .update(contracts)
        .set({ bestaetigtAm: new Date() })
        .where(
          and(
            eq(contracts.versicherungsNummer, row.versicherungsNummer),
            isNull(contracts.bestaetigtAm),
          ),
        )
        .returning({ bestaetigtAm: contracts.bestaetigtAm });
      bestaetigtAm = updated?.bestaetigtAm ?? null;
      if (updated) {
        await tx.insert(changeEvents).values({
          typ: 'VertragBestaetigt',
          versicherungsnummer: row.versicherungsNummer,
          wirksamkeitsdatum: request.today,
          partnernummer: row.partnerNummer,
          partnerKenntnisstand: row.lastUpdated,
          payload: {},
        });
        await tx.insert(auditLog).values({
          actorRole: identity.role,
          actorId: actorIdOf(identity),
          action: 'vertrag.bestaetigen',
          entity: 'contract',
          entityId: row.versicherungsNummer,
          requestId: request.requestId,
          details: {},
        });
      }
    }
    if (!bestaetigtAm) {
      const [again] = await tx
        .select({ bestaetigtAm: contracts.bestaetigtAm })
        .from(contracts)
        .where(eq(contracts.versicherungsNummer, row.versicherungsNummer));
      bestaetigtAm = again?.bestaetigtAm ?? null;
    }
    return {
      status: 200,
      body: {
        versicherungsNummer: row.versicherungsNummer,
        partnerNummer: row.partnerNummer,
        bestaetigt: true,
        bestaetigtAm: bestaetigtAm?.toISOString() ?? null,
      },
    };
  });
}
