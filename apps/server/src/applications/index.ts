/** The one application service: pricing and submission of every application flow by its id. */
export { DEFAULT_BRAND, resolveCaller, ruleContextOf, type Caller } from './caller.ts';
export { priceAnswers } from './pricing.ts';
export { submitApplication, type ApplicationBody } from './submit.ts';
