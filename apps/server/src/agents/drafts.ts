import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { Brand } from '../db/schema/index.ts';
import { queryRows } from '../claims/sql.ts';

/** What the wizard keeps of a draft: every page's answers and the step shown. */
export interface Zustand {
  formData: Record<string, Record<string, unknown>>;
  currentStep: string | null;
}

/** A draft to save. */
export interface DraftInput {
  id: string;
  /** Id of a flow that declares drafts. */
  flow: string;
  /** The product its application is for (the flow's product code). */
  produkt: string;
  version: number;
  partnerNummer: string;
  /** The contract a flow for existing contracts changes (checked by the caller), else absent. */
  vertragsNummer?: string;
  zustand: Zustand;
}

/** The data column of a draft: the wizard state and, for a change of a contract, its number. */
type DraftData = Zustand & { vertragsNummer?: string };

/** When a row was last changed, as an ISO timestamp (PGlite and pg both answer a Date or text). */
const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

/**
 * The rows an agent's drafts are: applications in status draft, owned by the agent, made with a
 * flow (drafts of other channels, without a flow, are not wizard drafts).
 */
const ownDraft = (vermittlerNummer: string) =>
  sql`owner_role = 'vermittler' AND owner_id = ${vermittlerNummer} AND status = 'draft' AND flow IS NOT NULL`;

const dataOf = (draft: DraftInput): DraftData =>
  draft.vertragsNummer === undefined
    ? draft.zustand
    : { ...draft.zustand, vertragsNummer: draft.vertragsNummer };

/**
 * Splits a draft's data column into the wizard state and, for a change of a contract, the
 * contract number (`{ vertragsNummer }`, else nothing).
 */
function split(data: DraftData): { zustand: Zustand; contract: { vertragsNummer?: string } } {
  const { vertragsNummer, ...zustand } = data;
  return { zustand, contract: vertragsNummer === undefined ? {} : { vertragsNummer } };
}

/**
 * Creates or replaces a draft under its client-chosen id. Answers whether it was created and when
 * it was saved, or null when the id belongs to something that is not this agent's draft.
 */
export async function saveDraft(
  db: Db,
  agent: { vermittlerNummer: string; brand: Brand },
  draft: DraftInput,
): Promise<{ created: boolean; aktualisiert: string } | null> {
  const [row] = await queryRows<{ created: boolean; updated_at: unknown }>(
    db,
    sql`INSERT INTO applications AS a
          (id, brand, produkt, status, owner_role, owner_id, flow, flow_version, partner_nummer, data)
        VALUES (${draft.id}, ${agent.brand}, ${draft.produkt}, 'draft', 'vermittler',
                ${agent.vermittlerNummer}, ${draft.flow}, ${draft.version}, ${draft.partnerNummer},
                ${JSON.stringify(dataOf(draft))}::jsonb)
        ON CONFLICT (id) DO UPDATE SET
          produkt = EXCLUDED.produkt, flow = EXCLUDED.flow, flow_version = EXCLUDED.flow_version,
          partner_nummer = EXCLUDED.partner_nummer, data = EXCLUDED.data,
          updated_at = clock_timestamp()
        WHERE a.owner_role = 'vermittler' AND a.owner_id = ${agent.vermittlerNummer}
          AND a.status = 'draft' AND a.flow IS NOT NULL
        RETURNING (xmax = 0) AS created, updated_at`,
  );
  return row ? { created: row.created === true, aktualisiert: iso(row.updated_at) } : null;
}

interface DraftRow extends Record<string, unknown> {
  id: string;
  flow: string;
  flow_version: number | null;
  partner_nummer: string | null;
  data: DraftData;
  updated_at: unknown;
  vorname: string | null;
  nachname: string | null;
}

/**
 * The agent's drafts, newest first:
 * `[{ id, flow, partnerNummer, vertragsNummer (a change of a contract only), kundeName, schritt,
 * aktualisiert }]`.
 */
export async function listDrafts(db: Db, vermittlerNummer: string) {
  const rows = await queryRows<DraftRow>(
    db,
    sql`SELECT a.id, a.flow, a.partner_nummer, a.data, a.updated_at, p.vorname, p.nachname
        FROM applications a LEFT JOIN partners p ON p.partner_nummer = a.partner_nummer
        WHERE a.owner_role = 'vermittler' AND a.owner_id = ${vermittlerNummer}
          AND a.status = 'draft' AND a.flow IS NOT NULL
        ORDER BY a.updated_at DESC, a.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    flow: row.flow,
    partnerNummer: row.partner_nummer,
    ...split(row.data).contract,
    kundeName: row.vorname === null ? null : `${row.vorname} ${row.nachname ?? ''}`.trim(),
    schritt: row.data.currentStep ?? null,
    aktualisiert: iso(row.updated_at),
  }));
}

/** One of the agent's drafts, or null (missing, another's, or submitted already). */
export async function findDraft(db: Db, vermittlerNummer: string, id: string) {
  const [row] = await queryRows<DraftRow>(
    db,
    sql`SELECT id, flow, flow_version, partner_nummer, data, updated_at FROM applications
        WHERE id = ${id} AND ${ownDraft(vermittlerNummer)}`,
  );
  if (!row) return null;
  const { zustand, contract } = split(row.data);
  return {
    id: row.id,
    flow: row.flow,
    version: row.flow_version,
    partnerNummer: row.partner_nummer,
    ...contract,
    zustand,
    aktualisiert: iso(row.updated_at),
  };
}

/** Deletes one of the agent's drafts; false when there was none under the id. */
export async function deleteDraft(db: Db, vermittlerNummer: string, id: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`DELETE FROM applications WHERE id = ${id} AND ${ownDraft(vermittlerNummer)} RETURNING id`,
  );
  return rows.length > 0;
}
