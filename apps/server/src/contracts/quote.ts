import {
  calculatePremium,
  type PremiumResult,
  type PricedResult,
  type PricingInput,
} from '../tariffs/index.ts';
import { rateContract, ratesContracts, type Worksheet } from '../tariffs/index.ts';
import type { ContractRow } from './access.ts';
import { applyEffect, viewOfRow } from './changeEffect.ts';
import { contractCurrency } from './pricingInput.ts';
import { pricingInputOf, type Change, type ChangePricing } from './changeCatalogue.ts';
import { isActive } from './contractView.ts';

/** Why a date outside the contract's term cannot be priced (as the contract sections say it). */
const OUTSIDE_TERM = 'Das Wirksamkeitsdatum liegt außerhalb der Vertragslaufzeit.';

/**
 * How far ahead a change may take effect: the self-service flows offer dates from today up to this
 * many days ahead (their `dateWithinDays`), and the server refuses later ones.
 */
export const MAX_EFFECTIVE_DAYS = 365;

/** The last day a change made on `today` may take effect. */
export function latestEffectiveDate(today: string): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + MAX_EFFECTIVE_DAYS);
  return day.toISOString().slice(0, 10);
}

/** A quote: the price, the pricing input it was computed from, and the rating's worksheet. */
export interface Quote {
  result: PricedResult | PremiumResult;
  input: PricingInput;
  /** The rating worksheet, when the contract's tariff rates contracts (else null). */
  worksheet: Worksheet | null;
}

const invalid = (
  zahlweise: PremiumResult['zahlweise'],
  wirksamkeitsdatum: string,
  fehlermeldung: string,
): PremiumResult => ({
  beitrag: null,
  anteiligerBeitrag: null,
  zahlweise,
  wirksamkeitsdatum,
  ungueltig: true,
  fehlermeldung,
});

/**
 * Prices a contract with changes applied, effective on a day. Refuses (ungueltig, with a German
 * fehlermeldung) inactive contracts, past dates and changes the contract cannot take.
 */
export function quote(
  pricing: ChangePricing,
  row: ContractRow,
  changes: Change[],
  wirksamkeitsdatum: string,
  today: string,
): Quote {
  const context = { row, tariffs: pricing.tariffs };
  const refuse = (fehlermeldung: string): Quote => ({
    input: pricingInputOf(row, wirksamkeitsdatum),
    result: invalid(row.zahlweise, wirksamkeitsdatum, fehlermeldung),
    worksheet: null,
  });
  if (!isActive(row.vertragsstatus))
    return refuse('Dieser Vertrag ist nicht aktiv; Änderungen sind nicht möglich.');
  if (wirksamkeitsdatum < today)
    return refuse('Das Wirksamkeitsdatum darf nicht in der Vergangenheit liegen.');
  if (wirksamkeitsdatum > latestEffectiveDate(today))
    return refuse('Das Wirksamkeitsdatum darf höchstens ein Jahr in der Zukunft liegen.');
  for (const change of changes) {
    const reason = pricing.kinds.spec(change.kind).check?.(change.value, context) ?? null;
    if (reason) return refuse(reason);
  }
  return priceChanges(pricing, row, changes, wirksamkeitsdatum, today);
}

/**
 * The price of a contract with changes applied from `wirksamkeitsdatum` (the quote, the save and
 * the settle sweep price with it). When the contract's tariff rates contracts
 * (`rating.contractInputs`) and every change is declared in definitions/changes/, the tariff's
 * rating prices the contract view with the changes' effects applied, as it prices applications,
 * plus the pro-rata share; otherwise the tariff's hand-written contract sections price the
 * changed pricing input (calculatePremium).
 */
export function priceChanges(
  { tariffs, kinds }: ChangePricing,
  row: ContractRow,
  changes: Change[],
  wirksamkeitsdatum: string,
  today: string,
): Quote {
  const context = { row, tariffs };
  let input = pricingInputOf(row, wirksamkeitsdatum);
  for (const change of changes) input = kinds.spec(change.kind).apply(input, change.value, context);
  const tariff = tariffs.get(row.produkt, contractCurrency(row));
  const declared = changes.map((change) => kinds.spec(change.kind).declared);
  if (!tariff || !ratesContracts(tariff) || declared.some((change) => !change))
    return { input, result: calculatePremium(tariffs, input), worksheet: null };
  let view = viewOfRow(row);
  changes.forEach((change, i) => {
    const declaration = declared[i];
    if (declaration)
      view = applyEffect(view, declaration, { value: change.value, wirksamkeitsdatum });
  });
  view = { ...view, wirksamkeitsdatum };
  const zahlweise = (view['zahlweise'] ?? row.zahlweise) as PremiumResult['zahlweise'];
  if (
    (row.vertragsBeginn && wirksamkeitsdatum < row.vertragsBeginn) ||
    (row.ablaufdatum && wirksamkeitsdatum >= row.ablaufdatum)
  )
    return {
      input,
      result: invalid(zahlweise, wirksamkeitsdatum, OUTSIDE_TERM),
      worksheet: null,
    };
  const rated = rateContract(tariff, view, {
    today,
    catalogues: tariffs.catalogues,
    wirksamkeitsdatum,
    hauptfaelligkeit: { day: row.hauptfaelligkeitTag, month: row.hauptfaelligkeitMonat },
    zahlweise,
  });
  if (!rated.ok)
    return {
      input,
      result: invalid(zahlweise, wirksamkeitsdatum, rated.fehlermeldung),
      worksheet: rated.worksheet,
    };
  const result: PricedResult = {
    beitrag: rated.beitrag,
    anteiligerBeitrag: rated.anteiligerBeitrag,
    jahresbeitrag: rated.jahresbeitrag,
    zahlweise,
    wirksamkeitsdatum,
    ungueltig: false,
    fehlermeldung: null,
  };
  return { input, result, worksheet: rated.worksheet };
}
