import type { ContractView } from '../../../../generated/types/contract-view.ts';
import type { Db } from '../db/database.ts';
import { contracts, documents, type Brand } from '../db/schema/index.ts';
import { partsOfView, type LinePartsCatalogue } from './lineParts.ts';

/** What a contract view does not say and its rows need: whose it is, under which brand. */
export interface ContractOwner {
  partnerNummer: string;
  vermittlerNummer: string | null;
  brand: Brand;
}

/** A contract view of a line: the spec's view, and the line's own parts under their names. */
export type LineContractView = ContractView & Record<string, unknown>;

/** A document a stored contract lists: its name, kind and storage key. */
export interface StoredDocument {
  name: string;
  typ: string;
  storageKey: string;
}

/** The contract columns a view's own facts are stored in (all but the number and the owner). */
export type ContractFactColumns = Omit<
  typeof contracts.$inferInsert,
  'versicherungsNummer' | 'partnerNummer' | 'vermittlerNummer' | 'brand' | 'teile'
>;

/**
 * The common columns that store a contract view's facts (all but its number, owner and parts):
 * the one mapping from a view to its row, used when a contract is written and when a change's
 * effect on the view is saved. The parts go to `teile` (partsOfView, or a ContractPatch).
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
    ablaufdatum: view.ablaufdatum,
    beendigungsdatum: view.beendigungsdatum,
    antragsdatum: view.antragsdatum,
    vertragsBeginn: view.vertragsBeginn,
    beginnverlegung: view.beginnverlegung,
    hauptfaelligkeitTag: view.hauptfaelligkeit.day,
    hauptfaelligkeitMonat: view.hauptfaelligkeit.month,
    mahnung: view.mahnung,
    wirksamkeitsdatum: view.wirksamkeitsdatum,
    produktIdentifier: view.produktIdentifier,
    deckungsIdentifier: view.deckungsIdentifier,
    deckungsVarianten: view.deckungsVarianten,
    selbstBeteiligung: view.selbstBeteiligung,
    bestaetigtAm: view.bestaetigtAm === null ? null : new Date(view.bestaetigtAm),
    kuendigung: view.kuendigung,
    widerruf: view.widerruf,
  };
}

/**
 * Writes a new contract from its view (definitions/schema/contract-view.schema.json): the one
 * place that knows how a view becomes rows (the contract row and its documents), so a change of
 * the storage model changes only this function. The common fields go to their columns, the parts
 * of the contract's line (its tariff's `parts`, from `lines`) to `teile`, each checked against its
 * schema: a part that does not fit, or that the line does not declare, throws a
 * ContractPartError naming it (lineParts.ts). What the rows derive (`aktiv`, `ueberfaellig`,
 * `marke`, `vermittler`, the document links, pending changes, history, tasks, `lastUpdated`) is
 * not taken from the view. `db` may be the caller's transaction.
 */
export async function storeContractView(
  db: Db,
  view: LineContractView,
  owner: ContractOwner,
  listed: readonly StoredDocument[],
  lines: LinePartsCatalogue,
): Promise<void> {
  await db.insert(contracts).values({
    versicherungsNummer: view.versicherungsNummer,
    partnerNummer: owner.partnerNummer,
    vermittlerNummer: owner.vermittlerNummer,
    brand: owner.brand,
    ...contractColumnsOf(view),
    teile: partsOfView(lines, view),
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
