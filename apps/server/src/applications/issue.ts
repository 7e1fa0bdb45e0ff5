import { eq, sql } from 'drizzle-orm';
import { issueDay, type IssueScope, type WizardDefinition } from '#engine';
import { queryRows } from '../claims/sql.ts';
import { linePartsOf } from '../contracts/lineParts.ts';
import { storeContractView } from '../contracts/storeView.ts';
import type { Db } from '../db/database.ts';
import { applications, auditLog, contracts, partners, type Brand } from '../db/schema/index.ts';
import type { ListedDocument } from '../documents/contractDocumentList.ts';
import { deliverPolicy, type PolicyDelivery } from '../documents/issuedPolicy.ts';
import type { FlowRegistry } from '../flows/registry.ts';
import { marketOf } from '../platform/brands.ts';
import type { TariffCatalogue } from '../tariffs/index.ts';
import { issuedView, type SubmittedPrice } from './issuedView.ts';

/** What issuing needs from the server. */
export interface IssueContext {
  flows: FlowRegistry;
  tariffs: TariffCatalogue;
  delivery: PolicyDelivery;
  /** The documents a contract of a product lists (contractDocumentList.ts). */
  documentsOf: (produkt: string) => ListedDocument[];
  /** The clock of the contract's first version. */
  now: () => Date;
}

/** Which submitted applications an issuing run looks at: all, or one customer's. */
export type IssueScopeFilter = { all: true } | { partner: string };

/** Prefix of contract numbers when the line's product declares none. */
const DEFAULT_PREFIX = 'VN';

/** The stored data of a submitted application that issuing reads. */
interface SubmittedData {
  antworten: Record<string, unknown>;
  beitrag: SubmittedPrice;
  /** The day of submission on the server's clock (applications before issuance lack it). */
  eingereichtAm?: string;
}

/** The rule scope of a submission: its answers and its day. */
export const issueScopeOf = (answers: Record<string, unknown>, today: string): IssueScope => ({
  answers,
  submittedOn: today,
});

/**
 * The day a submission of a flow is to be issued on (its `issue.on`, else the day itself), or null
 * when the flow declares no issuance or the rule gives no date.
 */
export function issueDayOf(definition: WizardDefinition, scope: IssueScope): string | null {
  return definition.issue ? issueDay(definition.issue.on, scope) : null;
}

/**
 * Issues one submitted application as a contract when its day (`issue_on`) has come and it was
 * not issued yet: locks the application's row, builds the contract view from the line's
 * declaration (issuedView.ts), stores it with its documents through storeContractView, marks the
 * application issued, sends the policy to the customer's Postfach and writes an audit row, all in one transaction
 * (`db` may be the caller's). A second run, also a concurrent one, finds the row issued and does
 * nothing. Applications without a customer are never issued. Answers the new contract's number,
 * or null when nothing was due.
 */
export async function issueApplication(
  db: Db,
  context: IssueContext,
  id: string,
  today: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const work = tx as unknown as Db;
    const [row] = await queryRows<{
      antragsnummer: string;
      flow: string;
      brand: Brand;
      partner_nummer: string;
      data: SubmittedData;
      submitted_on: string;
    }>(
      work,
      sql`SELECT antragsnummer, flow, brand, partner_nummer, data,
            to_char(submitted_at, 'YYYY-MM-DD') AS submitted_on
          FROM applications
          WHERE id = ${id} AND status = 'submitted' AND issued_contract IS NULL
            AND issue_on <= ${today} AND partner_nummer IS NOT NULL
          FOR UPDATE`,
    );
    const definition = row ? context.flows.definition(row.flow) : undefined;
    if (!row || !definition?.issue) return null;
    const prefix = definition.product?.numberPrefix ?? DEFAULT_PREFIX;
    const [numbered] = await queryRows<{ nummer: string }>(
      work,
      sql`SELECT ${prefix} || '-V' || lpad(nextval('contract_number_seq')::text, 7, '0') AS nummer`,
    );
    if (!numbered) throw new Error('no contract number');
    const view = issuedView(
      definition.issue,
      {
        versicherungsNummer: numbered.nummer,
        brand: row.brand,
        currency: marketOf(row.brand).currency,
        price: row.data.beitrag,
        scope: issueScopeOf(row.data.antworten, row.data.eingereichtAm ?? row.submitted_on),
        now: context.now(),
      },
      context.tariffs,
    );
    const [partner] = await work
      .select({ vermittlerNummer: partners.vermittlerNummer })
      .from(partners)
      .where(eq(partners.partnerNummer, row.partner_nummer));
    await storeContractView(
      work,
      view,
      {
        partnerNummer: row.partner_nummer,
        vermittlerNummer: partner?.vermittlerNummer ?? null,
        brand: row.brand,
      },
      context.documentsOf(view.produkt).map((document) => ({
        name: document.name,
        typ: document.typ,
        storageKey: document.path,
      })),
      linePartsOf(context.tariffs),
    );
    await work
      .update(applications)
      .set({ issuedContract: view.versicherungsNummer })
      .where(eq(applications.id, id));
    const [stored] = await work
      .select()
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, view.versicherungsNummer));
    if (!stored) throw new Error(`contract ${view.versicherungsNummer} not stored`);
    await deliverPolicy(work, context.delivery, stored, row.antragsnummer, today, context.tariffs);
    await work.insert(auditLog).values({
      actorRole: 'system',
      actorId: 'policierung',
      action: 'vertrag.policieren',
      entity: 'contract',
      entityId: view.versicherungsNummer,
      details: { antragsnummer: row.antragsnummer, flow: row.flow, stichtag: today },
    });
    return view.versicherungsNummer;
  });
}

/** What an issuing run did. */
export interface Issued {
  issued: number;
  failed: number;
}

/**
 * Issues every submitted application of `scope` whose day has come (the settle sweep and the
 * requests that concern a customer run it), each in its own transaction; one that fails goes to
 * `onError` and stays due, the others are issued all the same.
 */
export async function issueDue(
  db: Db,
  context: IssueContext,
  today: string,
  scope: IssueScopeFilter,
  onError: (error: unknown, id: string) => void,
): Promise<Issued> {
  const within = 'partner' in scope ? sql`AND partner_nummer = ${scope.partner}` : sql``;
  const due = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM applications
        WHERE status = 'submitted' AND issued_contract IS NULL AND issue_on <= ${today}
          AND partner_nummer IS NOT NULL ${within}
        ORDER BY issue_on, submitted_at`,
  );
  const total: Issued = { issued: 0, failed: 0 };
  for (const { id } of due) {
    try {
      if (await issueApplication(db, context, id, today)) total.issued += 1;
    } catch (error) {
      total.failed += 1;
      onError(error, id);
    }
  }
  return total;
}
