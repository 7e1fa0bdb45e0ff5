import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import {
  debitCountriesText,
  interpolate,
  isMarketDebitIban,
  normalizeBic,
  normalizeIban,
} from '#engine';
import { marketOf } from '../platform/brands.ts';
import type { Bankverbindung } from '../db/schema/index.ts';
import type { ContractRow } from './access.ts';
import { fieldRefusal, type DataChange } from './dataSave.ts';
import type { SaveOutcome } from './saveChange.ts';

/** German messages of the bank-details save. */
export const CONTRACT_DATA_MESSAGES = {
  inactive: 'Dieser Vertrag ist nicht mehr aktiv und kann nicht mehr geändert werden.',
  sepaMandat: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.',
  lsvErmaechtigung: 'Bitte erteilen Sie die Lastschrift-Ermächtigung (LSV+).',
  kontoinhaber: 'Bitte geben Sie den Kontoinhaber an (höchstens 70 Zeichen).',
} as const;

/** The longest account holder's name (SEPA allows 70 characters). */
export const KONTOINHABER_MAX = 70;

/** An IBAN with everything but its last 4 characters masked: events and audit never hold one. */
export function maskIban(iban: string): string {
  const compact = normalizeIban(iban);
  return '*'.repeat(Math.max(0, compact.length - 4)) + compact.slice(-4);
}

/** Bank details as an event records them: the IBAN masked. */
const maskedBank = (bank: Bankverbindung | null) =>
  bank ? { ...bank, iban: maskIban(bank.iban) } : null;

/** The body of PATCH .../{id}/bankverbindung. */
export interface BankBody {
  versicherungsNummer?: string;
  lastUpdated: string;
  iban: string;
  kontoinhaber: string;
  swiftBic?: string | null;
  sepaMandat: boolean;
}

/**
 * The bank details of a body, normalised (IBAN and BIC without spaces, upper case; holder trimmed),
 * or the 400 refusing them. The IBAN and BIC formats are the platform's one validation (ajv formats
 * `iban` and `bic` of engine/validation, checked by the route schema); here what a schema cannot
 * say: the holder's trimmed length. The mandate and the IBAN's country follow the contract's brand
 * (see {@link bankChange}).
 */
export function bankDetailsOf(body: BankBody): Bankverbindung | SaveOutcome {
  const kontoinhaber = body.kontoinhaber.trim();
  if (kontoinhaber === '' || kontoinhaber.length > KONTOINHABER_MAX)
    return fieldRefusal('/body/kontoinhaber', 'maxLength', CONTRACT_DATA_MESSAGES.kontoinhaber);
  const bic = body.swiftBic ? normalizeBic(body.swiftBic) : '';
  return { iban: normalizeIban(body.iban), swiftBic: bic === '' ? null : bic, kontoinhaber };
}

/**
 * The change writing new bank details, or the 400 refusing them for the contract's brand: the
 * debit authorisation its market uses (a SEPA mandate, or for LSV+ the debit authorisation; the
 * body's `sepaMandat` carries either) must be given, and the IBAN must be of a country the market
 * debits from (CH or LI for LSV+). The event and the audit row carry the IBAN masked.
 */
export function bankChange(
  row: ContractRow,
  bank: Bankverbindung,
  mandat: boolean,
): DataChange | SaveOutcome {
  const market = marketOf(row.brand);
  if (mandat !== true)
    return fieldRefusal(
      '/body/sepaMandat',
      'const',
      market.paymentMethods.includes('SEPA_LASTSCHRIFT')
        ? CONTRACT_DATA_MESSAGES.sepaMandat
        : CONTRACT_DATA_MESSAGES.lsvErmaechtigung,
    );
  if (!isMarketDebitIban(bank.iban, market))
    return fieldRefusal(
      '/body/iban',
      'debitIban',
      interpolate(common.validation.debitIban, { laender: debitCountriesText(market) }, market),
    );
  return {
    columns: { bankverbindung: bank },
    event: {
      typ: 'BankverbindungGeaendert',
      payload: { neu: maskedBank(bank), alt: maskedBank(row.bankverbindung) },
    },
    audit: {
      action: 'vertrag.bankverbindungAendern',
      details: { iban: maskIban(bank.iban), vorher: row.bankverbindung ? 'vorhanden' : 'keine' },
    },
  };
}
