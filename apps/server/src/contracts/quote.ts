import {
  calculatePremium,
  type PremiumResult,
  type PricedResult,
  type PricingInput,
  type TariffCatalogue,
} from '../pricing/index.ts';
import type { ContractRow } from './access.ts';
import { CHANGE_KINDS, pricingInputOf, type Change } from './changeKinds.ts';
import { isActive } from './contractView.ts';

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

/** A quote: the price and the pricing input it was computed from. */
export interface Quote {
  result: PricedResult | PremiumResult;
  input: PricingInput;
}

/**
 * Prices a contract with changes applied, effective on a day. Refuses (ungueltig, with a German
 * fehlermeldung) inactive contracts, past dates and changes the contract cannot take.
 */
export function quote(
  tariffs: TariffCatalogue,
  row: ContractRow,
  changes: Change[],
  wirksamkeitsdatum: string,
  today: string,
): Quote {
  const context = { row, tariffs };
  let input = pricingInputOf(row, wirksamkeitsdatum);
  const refuse = (fehlermeldung: string): Quote => ({
    input,
    result: {
      beitrag: null,
      anteiligerBeitrag: null,
      zahlweise: input.zahlweise,
      wirksamkeitsdatum,
      ungueltig: true,
      fehlermeldung,
    },
  });
  if (!isActive(row.vertragsstatus))
    return refuse('Dieser Vertrag ist nicht aktiv; Änderungen sind nicht möglich.');
  if (wirksamkeitsdatum < today)
    return refuse('Das Wirksamkeitsdatum darf nicht in der Vergangenheit liegen.');
  if (wirksamkeitsdatum > latestEffectiveDate(today))
    return refuse('Das Wirksamkeitsdatum darf höchstens ein Jahr in der Zukunft liegen.');
  for (const change of changes) {
    const reason = CHANGE_KINDS[change.kind].check?.(change.value, context) ?? null;
    if (reason) return refuse(reason);
    input = CHANGE_KINDS[change.kind].apply(input, change.value, context);
  }
  return { input, result: calculatePremium(tariffs, input) };
}

/** The price of a contract with changes applied (see {@link quote}). */
export function quoteChanges(
  tariffs: TariffCatalogue,
  row: ContractRow,
  changes: Change[],
  wirksamkeitsdatum: string,
  today: string,
): PricedResult | PremiumResult {
  return quote(tariffs, row, changes, wirksamkeitsdatum, today).result;
}
