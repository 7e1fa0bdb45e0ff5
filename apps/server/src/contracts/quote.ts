import {
  calculatePremium,
  type PremiumResult,
  type PricedResult,
  type TariffCatalogue,
} from '../pricing/index.ts';
import type { ContractRow } from './access.ts';
import { CHANGE_KINDS, pricingInputOf, type ChangeKind } from './changeKinds.ts';
import { isActive } from './contractView.ts';

/** Prices a contract with changes applied, effective on a day; refuses inactive contracts and past dates. */
export function quoteChanges(
  tariffs: TariffCatalogue,
  row: ContractRow,
  changes: { kind: ChangeKind; value: unknown }[],
  wirksamkeitsdatum: string,
  today: string,
): PricedResult | PremiumResult {
  let input = pricingInputOf(row, wirksamkeitsdatum);
  for (const change of changes) input = CHANGE_KINDS[change.kind].apply(input, change.value);
  const refuse = (fehlermeldung: string): PremiumResult => ({
    beitrag: null,
    anteiligerBeitrag: null,
    zahlweise: input.zahlweise,
    wirksamkeitsdatum,
    ungueltig: true,
    fehlermeldung,
  });
  if (!isActive(row.vertragsstatus))
    return refuse('Dieser Vertrag ist nicht aktiv; Änderungen sind nicht möglich.');
  if (wirksamkeitsdatum < today)
    return refuse('Das Wirksamkeitsdatum darf nicht in der Vergangenheit liegen.');
  return calculatePremium(tariffs, input);
}
