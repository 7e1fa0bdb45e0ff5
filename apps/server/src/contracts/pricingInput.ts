import type { ContractParts } from '../../../../generated/types/contract-parts.ts';
import type { Jahresumsatz } from '../db/schema/index.ts';
import type { Currency, PricingInput } from '../tariffs/index.ts';
import { marketOf } from '../platform/brands.ts';
import type { ContractRow } from './access.ts';
import { partOf, partsOf } from './parts.ts';

/** Household covers priced by their own flag or variant, not as an optional cover. */
const NOT_OPTIONAL = new Set(['BASIS', 'ELEMENTAR']);

/** The optional covers, family status and revenue of a contract's product parts. */
export function coverExtrasOf(parts: {
  phv?: ContractParts['phv'] | undefined;
  hausrat?: ContractParts['hausrat'] | undefined;
  jahresumsatz?: Jahresumsatz | null | undefined;
}): Pick<PricingInput, 'familienstand' | 'hausratDeckungen' | 'jahresumsatz'> {
  return {
    familienstand: parts.phv?.familienstand.current.key ?? null,
    hausratDeckungen: (parts.hausrat?.hausratDeckungen ?? [])
      .map((deckung) => deckung.deckungsIdentifier)
      .filter((id) => !NOT_OPTIONAL.has(id)),
    jahresumsatz: parts.jahresumsatz?.value ?? null,
  };
}

/** The currency a contract is priced in: its brand's (tariffs in that currency price it). */
export const contractCurrency = (row: Pick<ContractRow, 'brand'>): Currency =>
  marketOf(row.brand).currency;

/** The pricing input of a contract as it stands, effective on `wirksamkeitsdatum`. */
export function pricingInputOf(row: ContractRow, wirksamkeitsdatum: string): PricingInput {
  return {
    produkt: row.produkt,
    waehrung: contractCurrency(row),
    deckungsIdentifier: row.deckungsIdentifier,
    zahlweise: row.zahlweise,
    selbstbeteiligung: partOf(row, 'neueSelbstbeteiligung'),
    elementar: partOf(row, 'elementar') ?? false,
    buerohaftpflicht: partOf(row, 'buerohaftpflicht') ?? false,
    phvAnzahl: partOf(row, 'phvAnzahl'),
    ...coverExtrasOf(partsOf(row)),
    hauptfaelligkeit: { day: row.hauptfaelligkeitTag, month: row.hauptfaelligkeitMonat },
    wirksamkeitsdatum,
    vertragsBeginn: row.vertragsBeginn,
    ablaufdatum: row.ablaufdatum,
  };
}
