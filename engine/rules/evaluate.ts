import { LogicEngine } from 'json-logic-engine';
import { catalogueOperator } from './catalogueOperator.ts';
import { DATE_OPERATORS } from './dateOperators.ts';
import { itemWithOperator, listItemsOperator } from './listOperators.ts';
import { decimalOperator } from './numberOperators.ts';

/** A JSON Logic rule as written in a definition. */
export type Rule = unknown;

const engine = new LogicEngine(undefined, { maxDepth: 64, maxArrayLength: 10_000 });
for (const [name, operator] of Object.entries(DATE_OPERATORS))
  engine.addMethod(name, (args: unknown) => operator(Array.isArray(args) ? args : [args]), {
    deterministic: true,
  });
engine.addMethod(
  'listItems',
  (args: unknown) => listItemsOperator(Array.isArray(args) ? args : [args]),
  { deterministic: true },
);
engine.addMethod(
  'itemWith',
  (args: unknown) => itemWithOperator(Array.isArray(args) ? args : [args]),
  { deterministic: true },
);
engine.addMethod(
  'decimal',
  (args: unknown) => decimalOperator(Array.isArray(args) ? args : [args]),
  { deterministic: true },
);
// Reads the catalogues its scope holds (CATALOGUES_SCOPE); not deterministic, so never
// precomputed.
engine.addMethod(
  'catalogue',
  (args: unknown, scope: unknown, above: unknown) =>
    catalogueOperator(Array.isArray(args) ? args : [args], scope, above),
  {
    deterministic: false,
  },
);

/**
 * Evaluates a JSON Logic rule against a scope (data, context, response, ...). Evaluation is
 * interpreted, never compiled to a Function, so it runs under a strict Content-Security-Policy.
 */
export function evaluateRule(rule: Rule, scope: Record<string, unknown>): unknown {
  return engine.run(rule, scope);
}

/** JSON Logic truthiness: an empty array is false, as the JSON Logic specification says. */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/** Evaluates a rule and tells whether it holds. */
export function ruleHolds(rule: Rule, scope: Record<string, unknown>): boolean {
  return isTruthy(evaluateRule(rule, scope));
}

/** Operators the rule engine knows; definitions:check rejects any other. */
export function knownOperators(): ReadonlySet<string> {
  return new Set(Object.keys(engine.methods as Record<string, unknown>));
}
