/** Bike applications: the price call and the submission (public, customer or agent). */
export { DEFAULT_BRAND, registerApplicationRoutes } from './routes.ts';
export { isReportedStolen, frameNumberKey } from './plausibility.ts';
export { priceBike, priceBodyOf, type BikePriceBody } from './pricing.ts';
export { submitApplication, VARIANTEN, type ApplicationBody, type Variante } from './submit.ts';
