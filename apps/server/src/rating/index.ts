/** Rating as data: the interpreter of a tariff's `rating` (inputs, tables, insurability, routine). */
export { rate, type RatingResult } from './rate.ts';
export type { MissingInput, RatingContext } from './inputs.ts';
export { NO_PRICE_REASON } from './operands.ts';
export { lookupTable } from './tables.ts';
export type {
  RatingValue,
  ValueSource,
  Worksheet,
  WorksheetCheck,
  WorksheetInput,
  WorksheetStep,
} from './worksheet.ts';
export {
  proRata,
  rateContract,
  ratesContracts,
  type ContractRating,
  type ContractRatingContext,
} from './contract.ts';
