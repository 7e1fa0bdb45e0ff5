import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import { isAgeAtMost, isDateWithinDays, isFoundingDateAllowed } from './dates.ts';
import { fileUploadProblem } from './files.ts';
import {
  debitCountriesText,
  isMarketDebitIban,
  isMarketPostcode,
  marketOfContext,
} from './market.ts';

// ajv's runtime helpers are CommonJS with a `default` export; Node hands over the whole exports
// object, bundlers the function itself. Accept both.
function unwrap<T>(module: T | { default: T }): T {
  return typeof module === 'function' ? module : (module as { default: T }).default;
}

/**
 * The helpers that validators call at run time: ajv's own (generated code refers to them as
 * `__runtime.<name>` instead of ajv's CommonJS `require`) and those of the platform's custom
 * keywords. Live-compiled and precompiled validators call the very same functions.
 */
export const runtime = {
  ucs2length: unwrap(ucs2lengthModule) as (value: string) => number,
  equal: unwrap(equalModule) as (a: unknown, b: unknown) => boolean,
  /** The current moment; every date keyword reads "today" through it, so tests can fix the clock. */
  now: (): Date => new Date(),
  /** `dateWithinDays`: the ISO date lies min..max days from today (inclusive). */
  dateWithinDays: (value: string, min: number, max: number): boolean =>
    isDateWithinDays(value, min, max, runtime.now()),
  /** `maxAge`: someone born on the ISO date is at most `maxYears` old today. */
  maxAge: (value: string, maxYears: number): boolean => isAgeAtMost(value, maxYears, runtime.now()),
  /** `foundingYear`: the date (or year) is no earlier than 2019-01-01. */
  foundingYear: (value: string | number): boolean => isFoundingDateAllowed(value),
  /** `fileUpload`: the first problem of a file list ("" if none), for the error's `reason`. */
  fileUpload: (files: unknown, maxSizeBytes: number, maxCount: number): string =>
    fileUploadProblem(files, { maxSizeBytes, maxCount }) ?? '',
  /** `postcode`: a postcode of the market of the rule context (the validator's `this`). */
  postcode: (value: string, context: unknown): boolean =>
    isMarketPostcode(value, marketOfContext(context)),
  /** The example postcode of the context's market, for the error's `beispiel`. */
  postcodeExample: (context: unknown): string => marketOfContext(context).postcode.example,
  /** `debitIban`: an IBAN of a country the context's market debits from. */
  debitIban: (value: string, context: unknown): boolean =>
    isMarketDebitIban(value, marketOfContext(context)),
  /** The countries the context's market debits from ("CH oder LI"), for the error's `laender`. */
  debitCountries: (context: unknown): string => debitCountriesText(marketOfContext(context)),
};
