import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { agents, documents, pendingChanges, type PendingChangeArt } from '../db/schema/index.ts';
import type { ContractRow } from './access.ts';

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

const PENDING_LISTS: Record<PendingChangeArt, string> = {
  PHV_ANZAHL: 'vorgemerktePhvAnzahl',
  BUEROHAFTPFLICHT: 'vorgemerkteBuerohaftpflicht',
  SELBSTBETEILIGUNG: 'vorgemerkteSelbstBeteiligung',
  ZAHLWEISE: 'vorgemerkteZahlweise',
  ELEMENTAR: 'vorgemerkteElementar',
  FAMILIENSTAND: 'vorgemerkterFamilienstand',
  RISIKOORT: 'vorgemerkterRisikoOrt',
  HAUSRAT_DECKUNG: 'vorgemerkteHausratDeckungen',
  JAHRESUMSATZ: 'vorgemerkterJahresumsatz',
  VERSICHERUNGSSUMME: 'vorgemerkteVersicherungssumme',
  BETRIEBSART: 'vorgemerkteBetriebsarten',
};

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

/** The spec's "Contract (customer view)" of one contract, with its documents and pending changes. */
export async function toContractView(db: Db, row: ContractRow) {
  // One query after the other: inside a transaction they share one connection.
  const docs = await db
    .select()
    .from(documents)
    .where(eq(documents.versicherungsNummer, row.versicherungsNummer))
    .orderBy(asc(documents.name));
  const pending = await db
    .select()
    .from(pendingChanges)
    .where(eq(pendingChanges.versicherungsNummer, row.versicherungsNummer))
    .orderBy(asc(pendingChanges.wirksamAb), asc(pendingChanges.id));
  const agentRows = row.vermittlerNummer
    ? await db.select().from(agents).where(eq(agents.vermittlerNummer, row.vermittlerNummer))
    : [];
  const lists: Record<string, VorgemerkteAenderung[]> = Object.fromEntries(
    Object.values(PENDING_LISTS).map((name) => [name, []]),
  );
  for (const change of pending) {
    lists[PENDING_LISTS[change.art]]?.push({
      wert: change.wert,
      wirksamAb: change.wirksamAb,
      wirksamBis: change.wirksamBis,
    });
  }
  const agent = agentRows[0];
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
      url: `/api/dokumente/${doc.id}`,
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
    diensthaftpflicht: row.diensthaftpflicht,
    jahresumsatz: row.jahresumsatz,
    ablaufdatum: row.ablaufdatum,
    beendigungsdatum: row.beendigungsdatum,
    antragsdatum: row.antragsdatum,
    vertragsBeginn: row.vertragsBeginn,
    beginnverlegung: row.beginnverlegung,
    hauptfaelligkeit: { day: row.hauptfaelligkeitTag, month: row.hauptfaelligkeitMonat },
    mahnung: row.mahnung,
    wirksamkeitsdatum: row.wirksamkeitsdatum,
    phvAnzahl: row.phvAnzahl,
    neueSelbstbeteiligung: row.neueSelbstbeteiligung,
    produktIdentifier: row.produktIdentifier,
    deckungsIdentifier: row.deckungsIdentifier,
    deckungsVarianten: row.deckungsVarianten,
    selbstBeteiligung: row.selbstBeteiligung,
    elementar: row.elementar,
    buerohaftpflicht: row.buerohaftpflicht,
    ...lists,
    fahrrad: row.fahrrad,
    risikoOrt: row.risikoOrt,
    hunde: row.hunde,
    versicherteGewerbe: row.versicherteGewerbe,
    phv: row.phv,
    hausrat: row.hausrat,
    reise: row.reise,
    vh: row.vh,
    bestaetigtAm: row.bestaetigtAm?.toISOString() ?? null,
    kuendigung: row.kuendigung,
    widerruf: row.widerruf,
    lastUpdated: row.lastUpdated.toISOString(),
  };
}

/** The customer view's type. */
export type ContractView = Awaited<ReturnType<typeof toContractView>>;
