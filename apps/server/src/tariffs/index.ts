/**
 * The tariffs of definitions/tariffs/ and everything that prices with them, in one place: loading
 * and the catalogue, the rating interpreter (inputs, tables, insurability, routine, worksheet; for
 * applications and for contracts), the insurance year, and the contract sections that still price
 * the changes of tariffs without `rating.contractInputs` (calculatePremium, options).
 */
export {
  calculatePremium,
  isPriced,
  type PremiumResult,
  type PricedResult,
  type PricingInput,
} from './calculatePremium.ts';
export { defaultTariffs, loadTariffs, TARIFFS_DIR } from './loadTariffs.ts';
export { maxRevenueOf, optionalCovers, revenueFactorOf, variantForSum } from './options.ts';
export {
  insuranceYearOf,
  parseDay,
  remainingShare,
  type Hauptfaelligkeit,
  type InsuranceYear,
} from './insuranceYear.ts';
export { contractTariff, isContractTariff, tariffCatalogue } from './tariff.ts';
export type {
  ContractTariff,
  Currency,
  Tariff,
  TariffCatalogue,
  TariffCoverVariant,
  TariffPaymentPeriod,
  TariffProduct,
} from './tariff.ts';
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
} from './rateContract.ts';
