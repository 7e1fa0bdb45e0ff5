import { CATALOGUES_SCOPE, evaluateRule, roundHalfAway, type CatalogueLookup } from '#engine';
import { repositoryCatalogues } from '../finders/catalogues.ts';
import type { Tariff } from '../../../../generated/types/tariff.ts';
import { parseDay, remainingShare, type Hauptfaelligkeit } from './insuranceYear.ts';
import { typed } from './inputs.ts';
import { NO_PRICE_REASON } from './operands.ts';
import { rateInputs } from './rate.ts';
import type { RatingValue, Worksheet, WorksheetInput } from './worksheet.ts';

/** What pricing a contract needs besides its view: the day the priced cover starts, and today. */
export interface ContractRatingContext {
  /** ISO date of the quote (the server's injectable clock). */
  today: string;
  /** ISO date from which the priced cover applies (the change's effective date). */
  wirksamkeitsdatum: string;
  /** The contract's main due date: the insurance year the pro-rata share runs to. */
  hauptfaelligkeit: Hauptfaelligkeit;
  /** The payment period priced (one of the tariff's payment periods). */
  zahlweise: string;
  /** The catalogues a contract input may read (see RatingContext); default the repository's. */
  catalogues?: CatalogueLookup;
}

/** A contract priced by its tariff's rating: the spec's PremiumResult fields and the worksheet. */
export type ContractRating =
  | {
      ok: true;
      beitrag: number;
      jahresbeitrag: number;
      anteiligerBeitrag: number;
      worksheet: Worksheet;
    }
  | { ok: false; fehlermeldung: string; worksheet: Worksheet | null };

/** Whether a tariff prices its contracts by its rating (it declares `rating.contractInputs`). */
export const ratesContracts = (tariff: Tariff | undefined): boolean =>
  tariff?.rating?.contractInputs !== undefined;

/**
 * The premium for the rest of the insurance year from `day`: the annual premium times the share
 * of the year left, on the platform's one rounding; a single payment is not prorated.
 */
export function proRata(
  beitrag: number,
  jahresbeitrag: number,
  zahlweise: string,
  day: string,
  due: Hauptfaelligkeit,
): number {
  if (zahlweise === 'EINMALIG') return beitrag;
  return roundHalfAway(jahresbeitrag * remainingShare(parseDay(day), due), 2);
}

/**
 * Prices a contract (its view, with the requested changes applied) by its tariff's rating: each
 * input from `rating.contractInputs` over `contract` and `today`, typed as the rating declares,
 * then the same rate routine as an application, then the pro-rata share for the rest of the
 * insurance year. An input the contract does not give refuses with the tariff's general reason.
 */
export function rateContract(
  tariff: Tariff,
  contract: Readonly<Record<string, unknown>>,
  context: ContractRatingContext,
): ContractRating {
  const rating = tariff.rating;
  const rules = rating?.contractInputs;
  if (!rating || !rules) return { ok: false, fehlermeldung: NO_PRICE_REASON, worksheet: null };
  const scope = {
    contract,
    today: context.today,
    [CATALOGUES_SCOPE]: context.catalogues ?? repositoryCatalogues(),
  };
  const values: Record<string, RatingValue> = {};
  const worksheet: WorksheetInput[] = [];
  for (const [name, input] of Object.entries(rating.inputs)) {
    if (!input) continue;
    const value = typed(input, evaluateRule(rules[name] ?? null, scope));
    if (value === undefined || (value === null && input.optional !== true))
      return { ok: false, fehlermeldung: NO_PRICE_REASON, worksheet: null };
    values[name] = value;
    worksheet.push({ name, bezeichnung: input.label, wert: value });
  }
  const result = rateInputs(tariff, rating, { values, worksheet }, context.today);
  if (result.kind === 'incomplete')
    return { ok: false, fehlermeldung: NO_PRICE_REASON, worksheet: null };
  if (result.kind === 'refused')
    return { ok: false, fehlermeldung: result.grund, worksheet: result.worksheet };
  return {
    ok: true,
    beitrag: result.beitrag,
    jahresbeitrag: result.jahresbeitrag,
    anteiligerBeitrag: proRata(
      result.beitrag,
      result.jahresbeitrag,
      context.zahlweise,
      context.wirksamkeitsdatum,
      context.hauptfaelligkeit,
    ),
    worksheet: result.worksheet,
  };
}
