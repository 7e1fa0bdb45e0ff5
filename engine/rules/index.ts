export { evaluateRule, isTruthy, knownOperators, ruleHolds, type Rule } from './evaluate.ts';
export {
  collectLiterals,
  collectOperators,
  collectVarReferences,
  type VarReference,
} from './references.ts';
export {
  catalogueEntry,
  catalogueLabelKey,
  catalogueOperator,
  provideCatalogues,
} from './catalogueOperator.ts';
