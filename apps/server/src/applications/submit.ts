import { sql } from 'drizzle-orm';
import { actorIdOf } from '../auth/index.ts';
import { queryRows } from '../claims/sql.ts';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema/index.ts';
import type { ApplicationFlow } from '../flows/registry.ts';
import type { GuardedOutcome } from '../idempotency/guard.ts';
import type { Caller } from './caller.ts';
import { issueApplication, issueDayOf, issueScopeOf, type IssueContext } from './issue.ts';
import { isPriced, priceAnswers } from './pricing.ts';
import { isOpenChangeConflict, openChangeOf, openChangeRefusal } from './openChange.ts';
import { runChecks } from '../finders/registers.ts';

/** The body of `POST /api/antrag/{flow}`; null means "not given". */
export interface ApplicationBody {
  variante?: string | null;
  marke?: string | null;
  partnerNummer?: string | null;
  vertragsNummer?: string | null;
  entwurf?: string | null;
  /** The version of the flow the answers were given in; only the current one is accepted. */
  version?: number;
  antworten: Record<string, unknown>;
}

/** Everything a submission needs, with the caller and the customer already checked. */
export interface SubmitRequest {
  /** The transaction of the idempotency guard, which stores the key's response with the work. */
  db: Db;
  application: ApplicationFlow;
  caller: Caller;
  today: string;
  requestId: string;
  body: ApplicationBody;
  /** Issuing (absent: the application waits for the settle sweep); `log` takes its failures. */
  issue?: { context: IssueContext; log: (error: unknown) => void };
}

/** The 404 of a draft that is missing, another's or submitted already. */
export const DRAFT_NOT_FOUND = {
  status: 404,
  body: { error: 'not-found', message: 'Diesen Entwurf haben wir nicht gefunden.' },
} as const;

/** Prefix of application numbers when the definition declares none. */
const DEFAULT_PREFIX = 'AN';

const numberOf = (prefix: string) =>
  sql`${prefix} || '-' || lpad(nextval('application_number_seq')::text, 8, '0')`;

/**
 * Submits an application of any flow: re-checks the answers with the flow's definition (400 with
 * field errors under /body/antworten), runs the flow's declared checks (422
 * pruefung-fehlgeschlagen), prices with the line's tariff (422 nicht-versicherbar); then writes the
 * application with a new number, its normalised answers, the price with the rating worksheet and
 * the tariff's version and an audit row in one transaction (inside the idempotency guard's, which
 * stores the key's response with it). With `entwurf` the agent's draft of the same flow becomes
 * the application. A flow for existing contracts (a
 * change of tariff) stores the contract it changes (`vertrag`: its number, product and current
 * premium) and answers its number; it is the contract's one open change (`open_change_of`, unique),
 * and a second, also one racing it, gets the 422 of openChange.ts. A customer's application of
 * a line that declares `issue` keeps the day it is issued on (`issue_on`); due today, it is issued
 * as a contract in the same transaction (issue.ts; a failure is logged and left to the sweep).
 */
export async function submitApplication(request: SubmitRequest): Promise<GuardedOutcome> {
  const { body, caller, application } = request;
  const { definition } = application.flow;
  const priced = priceAnswers(application, caller, body.antworten, request.today, true);
  if (!isPriced(priced)) return priced;
  const failed = runChecks(application.flow, priced.answers);
  if (failed)
    return { status: 422, body: { error: 'pruefung-fehlgeschlagen', message: failed.message } };
  const { rating, answers, tariff } = priced;
  if (rating.kind === 'refused')
    return {
      status: 422,
      body: { error: 'nicht-versicherbar', message: rating.grund, grundFelder: rating.felder },
    };

  const { identity } = caller;
  const owner =
    identity === null
      ? { role: 'oeffentlich', id: null }
      : { role: identity.role, id: actorIdOf(identity) };
  const price = {
    beitrag: rating.beitrag,
    jahresbeitrag: rating.jahresbeitrag,
    waehrung: tariff.currency,
    ...rating.outputs,
  };
  const contract = caller.contract;
  const vertrag = contract
    ? {
        versicherungsNummer: contract.versicherungsNummer,
        produkt: contract.produkt,
        zahlweise: contract.zahlweise,
        beitrag: contract.versicherungsPraemie,
        jahresbeitrag: contract.jahresVersicherungsPraemie,
      }
    : undefined;
  // A line that declares issuance is issued as a contract on its day (at once: today), for a
  // customer only; a change of an existing contract is not issued.
  const issueOn =
    vertrag || !caller.partnerNummer
      ? null
      : issueDayOf(definition, issueScopeOf(answers, request.today));
  const data = JSON.stringify({
    variante: caller.variant,
    eingereichtAm: request.today,
    ...(vertrag ? { vertrag } : {}),
    antworten: answers,
    beitrag: { ...price, tarif: rating.worksheet.tarif, rechenweg: rating.worksheet },
  });
  // The meta-schema requires a product of every application flow.
  const produkt = definition.product?.code ?? definition.id;
  const antragsnummer = numberOf(definition.product?.numberPrefix ?? DEFAULT_PREFIX);
  // A change of an existing contract stays open until the back office handles it: one per contract.
  const openChange = vertrag?.versicherungsNummer ?? null;
  try {
    return await request.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const entwurf = body.entwurf ?? null;
      const [row] = entwurf
        ? await queryRows<{ id: string; antragsnummer: string }>(
            db,
            sql`UPDATE applications SET antragsnummer = ${antragsnummer}, status = 'submitted',
                  submitted_at = now(), updated_at = clock_timestamp(), brand = ${caller.brand},
                  flow_version = ${definition.version}, partner_nummer = ${caller.partnerNummer},
                  data = ${data}::jsonb, open_change_of = ${openChange}, issue_on = ${issueOn}
                WHERE id = ${entwurf} AND owner_role = 'vermittler' AND owner_id = ${owner.id}
                  AND status = 'draft' AND flow = ${definition.id}
                RETURNING id, antragsnummer`,
          )
        : await queryRows<{ id: string; antragsnummer: string }>(
            db,
            sql`INSERT INTO applications (antragsnummer, brand, produkt, status, owner_role,
                  owner_id, flow, flow_version, partner_nummer, data, submitted_at, open_change_of,
                  issue_on)
                VALUES (${antragsnummer}, ${caller.brand}, ${produkt}, 'submitted', ${owner.role},
                  ${owner.id}, ${definition.id}, ${definition.version}, ${caller.partnerNummer},
                  ${data}::jsonb, now(), ${openChange}, ${issueOn})
                RETURNING id, antragsnummer`,
          );
      if (!row) return DRAFT_NOT_FOUND;
      const response = {
        antragsnummer: row.antragsnummer,
        ...(vertrag ? { vertragsNummer: vertrag.versicherungsNummer } : {}),
        ...price,
        status: 'eingereicht',
      };
      await db.insert(auditLog).values({
        actorRole: owner.role,
        actorId: owner.id ?? 'oeffentlich',
        action: 'antrag.einreichen',
        entity: 'application',
        entityId: row.antragsnummer,
        requestId: request.requestId,
        details: {
          flow: definition.id,
          produkt,
          variante: caller.variant,
          partnerNummer: caller.partnerNummer,
          vertragsNummer: vertrag?.versicherungsNummer ?? null,
          entwurf,
          beitrag: rating.beitrag,
          tarif: rating.worksheet.tarif,
        },
      });
      if (request.issue && issueOn !== null && issueOn <= request.today) {
        // Its own savepoint: a line whose declaration fails is logged and stays due for the
        // sweep; the sale stands. Issued at once, the answer carries the new contract's number.
        const issued = await issueApplication(
          db,
          request.issue.context,
          row.id,
          request.today,
        ).catch((error: unknown) => {
          request.issue?.log(error);
          return null;
        });
        if (issued) return { status: 201, body: { ...response, vertragsNummer: issued } };
      }
      return { status: 201, body: response };
    });
  } catch (error) {
    // The loser of a race for the contract's one open change: the answer a later one gets.
    if (!openChange || !isOpenChangeConflict(error)) throw error;
    const open = await openChangeOf(request.db, openChange);
    return openChangeRefusal(application.flow, open ?? '');
  }
}
