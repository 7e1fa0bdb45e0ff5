/** Premium calculation from the declarative tariffs of definitions/tariffs/. */
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
