/**
 * The shared validation module: the one configured ajv (formats and custom keywords of the
 * definition language), normalisers, message keys and upload content sniffing. Browser
 * (precompiled validators), server and definitions:check all use it. See docs/validation.md.
 */
export { createAjv } from './createAjv.ts';
export type { CreateAjvOptions } from './createAjv.ts';
export { formats, FORMAT_NAMES } from './formats.ts';
export { baseFormats, PHONE_FORMAT_NAMES } from './baseFormats.ts';
export type { FormatName } from './formats.ts';
export { customKeywords, KEYWORD_NAMES } from './keywords.ts';
export type { DateWithinDays, KeywordName } from './keywords.ts';
/** The run-time helpers of validators (`__runtime` in precompiled code); `now` is the clock. */
export { runtime as validationRuntime } from './standaloneRuntime.ts';
export {
  IBAN_COUNTRIES,
  TEST_IBANS,
  isTestIban,
  isValidIban,
  isValidGermanIban,
  normalizeIban,
} from './iban.ts';
export type { IbanCountry } from './iban.ts';
export { isValidBic, normalizeBic } from './bic.ts';
export {
  debitCountriesText,
  isMarketDebitIban,
  isMarketPostcode,
  marketOfContext,
} from './market.ts';
export {
  DEFAULT_PHONE_COUNTRY,
  isValidPhone,
  isValidMobilePhone,
  normalizePhone,
} from './phone.ts';
export { normalizePhoneIfLoaded } from './phoneNormalizer.ts';
export { isValidEmail } from './email.ts';
export {
  FOUNDING_DATE_MIN,
  ageInYears,
  calendarDay,
  isAgeAtMost,
  isDateWithinDays,
  isFoundingDateAllowed,
  parseIsoDate,
  toIsoDate,
} from './dates.ts';
export {
  normalizeByFormat,
  normalizeText,
  lowercaseUsername,
  omitEmptyStrings,
} from './normalize.ts';
export { normalizeAnswers } from './normalizeAnswers.ts';
export { ALLOWED_FILE_TYPES, fileTypeOf, fileUploadProblem, isAllowedFileType } from './files.ts';
export type {
  AllowedFileType,
  FileDescriptor,
  FileUploadLimits,
  FileUploadProblem,
} from './files.ts';
export { detectFileType } from './detectFileType.ts';
export {
  DEFAULT_FIELD_ERROR,
  DEFAULT_MESSAGE_PREFIX,
  VALIDATION_MESSAGE_NAMES,
  messageKeyCandidates,
  textFieldPath,
  validationFieldPath,
  validationMessageName,
} from './messages.ts';
