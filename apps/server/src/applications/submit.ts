import { sql } from 'drizzle-orm';
import { actorIdOf, type Identity } from '../auth/index.ts';
import { checkFlowAnswers, type ServerFlow } from '../claims/flowAnswers.ts';
import { queryRows } from '../claims/sql.ts';
import type { Db } from '../db/database.ts';
import { auditLog, type Brand } from '../db/schema/index.ts';
import { VALIDATION_MESSAGE } from '../http/errors.ts';
import type { GuardedOutcome, IdempotencyScope } from '../idempotency/guard.ts';
import { completeKey } from '../idempotency/idempotency.ts';
import type { Tariff } from '../pricing/index.ts';
import { isReportedStolen } from './plausibility.ts';
import { priceBike, priceBodyOf } from './pricing.ts';

/** The variants of an application flow. */
export const VARIANTEN = ['customer', 'agent', 'advice'] as const;

/** A variant of an application flow. */
export type Variante = (typeof VARIANTEN)[number];

/** The body of `POST /api/antrag/fahrrad`; null means "not given". */
export interface ApplicationBody {
  variante: Variante;
  partnerNummer?: string | null;
  entwurf?: string | null;
  antworten: Record<string, unknown>;
}

/** Everything a submission needs, with the caller and the customer already checked. */
export interface SubmitRequest {
  db: Db;
  flow: ServerFlow;
  tariff: Tariff;
  today: string;
  requestId: string;
  /** The signed-in caller; null for a public application. */
  identity: Identity | null;
  /** The brand the application is made under. */
  brand: Brand;
  /** The customer the application is for (agent variant, signed-in customer), else null. */
  partnerNummer: string | null;
  body: ApplicationBody;
  idempotency: IdempotencyScope | null;
}

/** The 422 of a failed plausibility check: deliberately without the reason. */
export const CHECK_FAILED_MESSAGE =
  'Die Prüfung Ihrer Angaben zum Fahrrad war leider nicht erfolgreich. Bitte wenden Sie sich an unseren Kundenservice.';

const DRAFT_NOT_FOUND = {
  status: 404,
  body: { error: 'not-found', message: 'Diesen Entwurf haben wir nicht gefunden.' },
} as const;

const ANTRAGSNUMMER = sql`'FA-' || lpad(nextval('application_number_seq')::text, 8, '0')`;

/** The rule context the answers are checked in, as the browser builds it for the variant. */
function flowContext(request: SubmitRequest): Record<string, unknown> {
  const role =
    request.identity?.role ?? (request.body.variante === 'agent' ? 'vermittler' : 'claimant');
  return {
    variant: request.body.variante,
    brand: request.brand,
    role,
    route: request.partnerNummer ? { partnerNummer: request.partnerNummer } : {},
    entry: {},
  };
}

/**
 * Submits a bike application: re-checks the answers with the fahrrad definition (400 with field
 * errors under /body/antworten), the frame number against the register of stolen bikes (422
 * pruefung-fehlgeschlagen) and the server's own price (422 nicht-versicherbar); then writes the
 * application with a new number, its normalised answers and price, an audit row and the
 * idempotency key in one transaction. With `entwurf` the agent's draft becomes the application.
 */
export async function submitApplication(request: SubmitRequest): Promise<GuardedOutcome> {
  const { body, identity } = request;
  const checked = checkFlowAnswers(request.flow, body.antworten, flowContext(request));
  if (!checked.ok) {
    return {
      status: 400,
      body: {
        error: 'validation',
        message: VALIDATION_MESSAGE,
        fieldErrors: checked.fieldErrors.map((error) => ({
          ...error,
          path: error.path.replace(/^\/body/, '/body/antworten'),
        })),
      },
    };
  }
  const answers = checked.answers;
  const frameNumber = answers['fahrrad']?.['rahmennummer'];
  if (typeof frameNumber === 'string' && isReportedStolen(frameNumber)) {
    return {
      status: 422,
      body: { error: 'pruefung-fehlgeschlagen', message: CHECK_FAILED_MESSAGE },
    };
  }
  const priceBody = priceBodyOf(answers);
  const price = priceBike(request.tariff, priceBody, request.today);
  if (!price.versicherbar) {
    return { status: 422, body: { error: 'nicht-versicherbar', message: price.grund } };
  }

  const owner =
    identity === null
      ? { role: 'oeffentlich', id: null }
      : { role: identity.role, id: actorIdOf(identity) };
  const data = JSON.stringify({
    variante: body.variante,
    antworten: answers,
    beitrag: {
      versicherungssumme: price.versicherungssumme,
      fahrradtyp: priceBody.fahrradtyp,
      beitrag: price.beitrag,
      jahresbeitrag: price.jahresbeitrag,
      zahlweise: price.zahlweise,
      versicherungsbeginn: price.versicherungsbeginn,
      tarif: { id: request.tariff.id, version: request.tariff.version },
    },
  });
  const flowVersion = request.flow.definition.version;
  return request.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const entwurf = body.entwurf ?? null;
    const [row] = entwurf
      ? await queryRows<{ antragsnummer: string }>(
          db,
          sql`UPDATE applications SET antragsnummer = ${ANTRAGSNUMMER}, status = 'submitted',
                submitted_at = now(), updated_at = clock_timestamp(), brand = ${request.brand},
                flow_version = ${flowVersion}, partner_nummer = ${request.partnerNummer},
                data = ${data}::jsonb
              WHERE id = ${entwurf} AND owner_role = 'vermittler' AND owner_id = ${owner.id}
                AND status = 'draft' AND flow = 'fahrrad'
              RETURNING antragsnummer`,
        )
      : await queryRows<{ antragsnummer: string }>(
          db,
          sql`INSERT INTO applications (antragsnummer, brand, produkt, status, owner_role, owner_id,
                flow, flow_version, partner_nummer, data, submitted_at)
              VALUES (${ANTRAGSNUMMER}, ${request.brand}, 'FAHRRAD', 'submitted', ${owner.role},
                ${owner.id}, 'fahrrad', ${flowVersion}, ${request.partnerNummer}, ${data}::jsonb, now())
              RETURNING antragsnummer`,
        );
    if (!row) return DRAFT_NOT_FOUND;
    const response = {
      antragsnummer: row.antragsnummer,
      beitrag: price.beitrag,
      jahresbeitrag: price.jahresbeitrag,
      zahlweise: price.zahlweise,
      versicherungsbeginn: price.versicherungsbeginn,
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
        produkt: 'FAHRRAD',
        variante: body.variante,
        partnerNummer: request.partnerNummer,
        entwurf,
        beitrag: price.beitrag,
        zahlweise: price.zahlweise,
      },
    });
    if (request.idempotency) {
      const { principal, key } = request.idempotency;
      await completeKey(db, principal, key, 201, response);
    }
    return { status: 201, body: response };
  });
}
