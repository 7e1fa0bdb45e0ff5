import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  agents,
  contracts,
  contractTasks,
  documents,
  pendingChanges,
  type PendingChangeArt,
} from '../db/schema/index.ts';
import { partsOf } from './parts.ts';
import { PENDING_LISTS } from '../../../../generated/types/contract-view-lists.ts';

/** The contract row type. */
export type ContractRow = typeof contracts.$inferSelect;

/** One pending change as the customer sees it. */
export interface VorgemerkteAenderung {
  wert: unknown;
  wirksamAb: string;
  wirksamBis: string | null;
}

/** Whether a status counts as active (spec section 4). */
export function isActive(status: ContractRow['vertragsstatus']): boolean {
  return status === 'LAUFEND' || status === 'AUSLAUFEND';
}

/** Overdue: a dunning flag and no bank details (spec section 4). */
export function isOverdue(row: Pick<ContractRow, 'mahnung' | 'bankverbindung'>): boolean {
  return row.mahnung && row.bankverbindung === null;
}

/** The brand as the contract's `marke` (HFK or ANDSAFE; the white-label brands are ANDSAFE). */
export function markeOf(brand: ContractRow['brand']): 'HFK' | 'ANDSAFE' {
  return brand === 'hfk' ? 'HFK' : 'ANDSAFE';
}

/** The contract list item of findByPartnerNummer. */
export function toListItem(row: ContractRow) {
  return {
    versicherungsNummer: row.versicherungsNummer,
    produkt: row.produkt,
    vertragsart: row.vertragsart,
    vertragsstatus: row.vertragsstatus,
    versicherungsName: row.versicherungsName,
    marke: markeOf(row.brand),
    vertragsBeginn: row.vertragsBeginn,
    ablaufdatum: row.ablaufdatum,
    zahlweise: row.zahlweise,
    versicherungsPraemie: row.versicherungsPraemie,
    aktiv: isActive(row.vertragsstatus),
    ueberfaellig: isOverdue(row),
  };
}

/** A document of the contract as the view lists it; `pfad` is its storage key. */
export interface ViewDocument {
  id: string;
  name: string;
  typ: string;
  pfad: string;
}

/** A pending change as stored. */
export interface ViewPending {
  art: PendingChangeArt;
  /** The view's list that shows it (null: saved before lists were stored, and not yet given one). */
  liste: string | null;
  wert: unknown;
  wirksamAb: string;
  wirksamBis: string | null;
}

/** A pending change that took effect (the contract's change history). */
export interface ViewHistory {
  art: PendingChangeArt;
  liste: string | null;
  wert: unknown;
  wirksamAb: string;
  angewendetAm: string;
}

/** A task of the contract (revenue reminders). */
export interface ViewTask {
  typ: 'UmsatzErinnern1' | 'UmsatzErinnern2' | 'UmsatzAutomatischAnpassen';
  status: 'Offen' | 'Erledigt' | 'Storniert';
  faelligAm: string;
  erledigtAm: string | null;
}

/** The contract's agent as the view shows it. */
export interface ViewAgent {
  email: string;
  name: string;
  vertriebsweg: string;
  vermittlerNummer: string;
}

/**
 * The columns that complete a contract row to its view, as subqueries of one statement over the
 * table `contracts` (written out: drizzle leaves a column of the only table unqualified, which
 * inside a subquery would name the subquery's own column): its documents (by name), its pending
 * changes (by effective date) and its agent.
 */
export const viewColumns = {
  docs: sql<
    ViewDocument[]
  >`coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.name, 'typ', d.typ, 'pfad', d.storage_key) ORDER BY d.name) FROM ${documents} d WHERE d.versicherungs_nummer = contracts.versicherungs_nummer), '[]'::json)`,
  pending: sql<
    ViewPending[]
  >`coalesce((SELECT json_agg(json_build_object('art', p.art, 'liste', p.liste, 'wert', p.wert, 'wirksamAb', p.wirksam_ab, 'wirksamBis', p.wirksam_bis) ORDER BY p.wirksam_ab, p.id) FROM ${pendingChanges} p WHERE p.versicherungs_nummer = contracts.versicherungs_nummer AND p.angewendet_am IS NULL), '[]'::json)`,
  history: sql<
    ViewHistory[]
  >`coalesce((SELECT json_agg(json_build_object('art', p.art, 'liste', p.liste, 'wert', p.wert, 'wirksamAb', p.wirksam_ab, 'angewendetAm', p.angewendet_am) ORDER BY p.wirksam_ab DESC, p.id DESC) FROM ${pendingChanges} p WHERE p.versicherungs_nummer = contracts.versicherungs_nummer AND p.angewendet_am IS NOT NULL), '[]'::json)`,
  tasks: sql<
    ViewTask[]
  >`coalesce((SELECT json_agg(json_build_object('typ', t.typ, 'status', t.status, 'faelligAm', t.faellig_am, 'erledigtAm', t.erledigt_am) ORDER BY t.faellig_am, t.id) FROM ${contractTasks} t WHERE t.versicherungs_nummer = contracts.versicherungs_nummer), '[]'::json)`,
  agent: sql<ViewAgent | null>`(SELECT json_build_object('email', a.email, 'name', a.name, 'vertriebsweg', a.vertriebsweg, 'vermittlerNummer', a.vermittler_nummer) FROM ${agents} a WHERE a.vermittler_nummer = contracts.vermittler_nummer)`,
};

/** The spec's "Contract (customer view)" of one contract, read again in one query. */
export async function toContractView(db: Db, row: ContractRow) {
  const [extra] = await db
    .select(viewColumns)
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, row.versicherungsNummer));
  return contractViewOf(row, extra?.docs ?? [], extra?.pending ?? [], extra?.agent ?? null, {
    history: extra?.history ?? [],
    tasks: extra?.tasks ?? [],
  });
}

/**
 * The spec's "Contract (customer view)" from a row, its documents, pending changes and agent: the
 * common columns, and the contract's parts spread over the view (every part of the spec, null
 * where the contract has none, and its line's own parts).
 */
export function contractViewOf(
  row: ContractRow,
  docs: readonly ViewDocument[],
  pending: readonly ViewPending[],
  agent: ViewAgent | null,
  more: { history: readonly ViewHistory[]; tasks: readonly ViewTask[] } = {
    history: [],
    tasks: [],
  },
) {
  const lists: Record<string, VorgemerkteAenderung[]> = Object.fromEntries(
    PENDING_LISTS.map((name) => [name, []]),
  );
  for (const change of pending) {
    lists[change.liste ?? '']?.push({
      wert: change.wert,
      wirksamAb: change.wirksamAb,
      wirksamBis: change.wirksamBis,
    });
  }
  return {
    versicherungsNummer: row.versicherungsNummer,
    vertragsArt: row.vertragsart,
    produkt: row.produkt,
    vertragsstatus: row.vertragsstatus,
    aktiv: isActive(row.vertragsstatus),
    ueberfaellig: isOverdue(row),
    kuendbar: row.kuendbar,
    widerrufbar: row.widerrufbar,
    dokumente: docs.map((doc) => ({
      name: doc.name,
      typ: doc.typ,
      url: `/api/vertrag/vertrag/${encodeURIComponent(row.versicherungsNummer)}/dokumente/${doc.id}`,
    })),
    versicherungsSumme: row.versicherungsSumme,
    versicherungsPraemie: row.versicherungsPraemie,
    jahresVersicherungsPraemie: row.jahresVersicherungsPraemie,
    folgePraemie: row.folgePraemie,
    marke: markeOf(row.brand),
    zahlweise: row.zahlweise,
    versicherungsTyp: row.versicherungsTyp,
    versicherungsName: row.versicherungsName,
    vermittler: agent
      ? {
          email: agent.email,
          name: agent.name,
          vertriebsweg: agent.vertriebsweg,
          vermittlerNummer: agent.vermittlerNummer,
        }
      : null,
    bankverbindung: row.bankverbindung,
    ablaufdatum: row.ablaufdatum,
    beendigungsdatum: row.beendigungsdatum,
    antragsdatum: row.antragsdatum,
    vertragsBeginn: row.vertragsBeginn,
    beginnverlegung: row.beginnverlegung,
    hauptfaelligkeit: { day: row.hauptfaelligkeitTag, month: row.hauptfaelligkeitMonat },
    mahnung: row.mahnung,
    wirksamkeitsdatum: row.wirksamkeitsdatum,
    produktIdentifier: row.produktIdentifier,
    deckungsIdentifier: row.deckungsIdentifier,
    deckungsVarianten: row.deckungsVarianten,
    selbstBeteiligung: row.selbstBeteiligung,
    ...lists,
    aenderungshistorie: more.history.map((entry) => ({
      art: entry.art,
      liste: entry.liste,
      wert: entry.wert,
      wirksamAb: entry.wirksamAb,
      angewendetAm: entry.angewendetAm,
    })),
    aufgaben: more.tasks.map((task) => ({
      typ: task.typ,
      status: task.status,
      faelligAm: task.faelligAm,
      erledigtAm: task.erledigtAm,
    })),
    ...partsOf(row),
    bestaetigtAm: row.bestaetigtAm?.toISOString() ?? null,
    kuendigung: row.kuendigung,
    widerruf: row.widerruf,
    lastUpdated: row.lastUpdated.toISOString(),
  };
}

/** The customer view's type. */
export type ContractView = ReturnType<typeof contractViewOf>;
