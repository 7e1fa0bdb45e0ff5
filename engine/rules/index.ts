export { evaluateRule, isTruthy, knownOperators, ruleHolds, type Rule } from './evaluate.ts';
export {
  collectItemReferences,
  collectLiterals,
  collectOperators,
  collectVarReferences,
  type VarReference,
} from './references.ts';
export {
  catalogueLabelKey,
  catalogueLookup,
  catalogueOperator,
  CATALOGUES_SCOPE,
  type CatalogueLookup,
} from './catalogueOperator.ts';
export {
  declaredContract,
  issueDay,
  ISSUE_SERVER_FIELDS,
  targetSegments,
  type IssueScope,
} from './issue.ts';
