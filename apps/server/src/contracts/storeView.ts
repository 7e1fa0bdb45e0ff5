import type { ContractView } from '../../../../generated/types/contract-view.ts';
import type { Db } from '../db/database.ts';
import { contracts, documents, type Brand } from '../db/schema/index.ts';

/** What a contract view does not say and its rows need: whose it is, under which brand. */
export interface ContractOwner {
  partnerNummer: string;
  vermittlerNummer: string | null;
  brand: Brand;
}

/** A document a stored contract lists: its name, kind and storage key. */
export interface StoredDocument {
  name: string;
  typ: string;
  storageKey: string;
}

/** The contract columns a view's own facts are stored in (all but the number and the owner). */
export type ContractFactColumns = Omit<
  typeof contracts.$inferInsert,
  'versicherungsNummer' | 'partnerNummer' | 'vermittlerNummer' | 'brand'
>;

/**
 * The columns that store a contract view's facts: the one mapping from a view to its row, used
 * when a contract is written and when a change's effect on the view is saved.
 */
export function contractColumnsOf(view: ContractView): ContractFactColumns {
  return {
    produkt: view.produkt,
    vertragsart: view.vertragsArt,
    vertragsstatus: view.vertragsstatus,
    kuendbar: view.kuendbar,
    widerrufbar: view.widerrufbar,
    versicherungsSumme: view.versicherungsSumme,
    versicherungsPraemie: view.versicherungsPraemie,
    jahresVersicherungsPraemie: view.jahresVersicherungsPraemie,
    folgePraemie: view.folgePraemie,
    zahlweise: view.zahlweise,
    versicherungsTyp: view.versicherungsTyp,
    versicherungsName: view.versicherungsName,
    bankverbindung: view.bankverbindung,
    diensthaftpflicht: view.diensthaftpflicht,
    jahresumsatz: view.jahresumsatz,
    ablaufdatum: view.ablaufdatum,
    beendigungsdatum: view.beendigungsdatum,
    antragsdatum: view.antragsdatum,
    vertragsBeginn: view.vertragsBeginn,
    beginnverlegung: view.beginnverlegung,
    hauptfaelligkeitTag: view.hauptfaelligkeit.day,
    hauptfaelligkeitMonat: view.hauptfaelligkeit.month,
    mahnung: view.mahnung,
    wirksamkeitsdatum: view.wirksamkeitsdatum,
    phvAnzahl: view.phvAnzahl,
    neueSelbstbeteiligung: view.neueSelbstbeteiligung,
    produktIdentifier: view.produktIdentifier,
    deckungsIdentifier: view.deckungsIdentifier,
    deckungsVarianten: view.deckungsVarianten,
    selbstBeteiligung: view.selbstBeteiligung,
    elementar: view.elementar,
    buerohaftpflicht: view.buerohaftpflicht,
    fahrrad: view.fahrrad,
    risikoOrt: view.risikoOrt,
    hunde: view.hunde,
    versicherteGewerbe: view.versicherteGewerbe,
    phv: view.phv,
    hausrat: view.hausrat,
    reise: view.reise,
    vh: view.vh,
    bestaetigtAm: view.bestaetigtAm === null ? null : new Date(view.bestaetigtAm),
    kuendigung: view.kuendigung,
    widerruf: view.widerruf,
  };
}

/**
 * Writes a new contract from its view (definitions/schema/contract-view.schema.json): the one
 * place that knows how a view becomes rows (the contract row and its documents), so a change of
 * the storage model changes only this function. What the rows derive (`aktiv`, `ueberfaellig`,
 * `marke`, `vermittler`, the document links, pending changes, history, tasks, `lastUpdated`) is
 * not taken from the view. `db` may be the caller's transaction.
 */
export async function storeContractView(
  db: Db,
  view: ContractView,
  owner: ContractOwner,
  listed: readonly StoredDocument[],
): Promise<void> {
  await db.insert(contracts).values({
    versicherungsNummer: view.versicherungsNummer,
    partnerNummer: owner.partnerNummer,
    vermittlerNummer: owner.vermittlerNummer,
    brand: owner.brand,
    ...contractColumnsOf(view),
  });
  if (listed.length > 0)
    await db.insert(documents).values(
      listed.map((document) => ({
        partnerNummer: owner.partnerNummer,
        versicherungsNummer: view.versicherungsNummer,
        name: document.name,
        typ: document.typ,
        storageKey: document.storageKey,
      })),
    );
}
