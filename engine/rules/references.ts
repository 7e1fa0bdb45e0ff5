import type { Rule } from './evaluate.ts';

/** A variable a rule reads: its dotted path, or the literal prefix of a computed path. */
export interface VarReference {
  path: string;
  /** True when the path is computed at run time; only `path` (its literal prefix) is known. */
  dynamic: boolean;
}

/** A literal value a rule compares against, with the variable paths it appears next to. */
export interface RuleLiteral {
  value: string | number | boolean | null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function literalPrefix(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (isPlainObject(arg) && Array.isArray(arg['cat']) && typeof arg['cat'][0] === 'string') {
    return arg['cat'][0];
  }
  return undefined;
}

/**
 * Operators that run their second argument once per item of the list their first argument gives:
 * inside it `{"var": "name"}` reads the item (`current` and `accumulator` in `reduce`), not the
 * rule's scope. `reduce` takes its start value, read in the rule's scope, as third argument.
 */
const ITERATORS = new Set(['map', 'filter', 'reduce', 'all', 'every', 'some', 'none']);

/** The path a plain `{"var": "a.b"}` reads (with or without a default), or undefined. */
function plainVarPath(node: unknown): string | undefined {
  if (!isPlainObject(node) || Object.keys(node).length !== 1) return undefined;
  const arg = node['var'];
  const path = Array.isArray(arg) ? arg[0] : arg;
  return typeof path === 'string' ? path : undefined;
}

/**
 * Where a variable reads: the rule's scope, or an item of an iterated list (`base` is the path of
 * the list's first item, `answers.hunde.hunde.0`, when the list is a plain variable).
 */
type VarScope = { item: false } | { item: true; base: string | undefined; reduce: boolean };

/** An item variable's path inside the item (`current.x` in reduce), or undefined for none. */
function pathInItem(scope: VarScope & { item: true }, path: string): string | undefined {
  if (!scope.reduce) return path;
  if (path === 'current') return '';
  return path.startsWith('current.') ? path.slice('current.'.length) : undefined;
}

/**
 * Walks a rule and hands each variable it reads to `outer` (the rule's own scope) or `item` (a
 * read per item of an iterated list, as a path of the list's first item).
 */
function walkVars(
  rule: Rule,
  outer: (ref: VarReference) => void,
  item: (ref: VarReference) => void,
): void {
  const read = (ref: VarReference, scope: VarScope): void => {
    if (!scope.item) {
      outer(ref);
      return;
    }
    const inside = pathInItem(scope, ref.path);
    if (scope.base !== undefined && inside !== undefined && inside !== '')
      item({ ...ref, path: `${scope.base}.${inside}` });
  };
  const resolved = (list: unknown, scope: VarScope): string | undefined => {
    const path = plainVarPath(list);
    if (path === undefined || !scope.item) return path;
    const inside = pathInItem(scope, path);
    return scope.base === undefined || inside === undefined || inside === ''
      ? undefined
      : `${scope.base}.${inside}`;
  };
  const walk = (node: unknown, scope: VarScope): void => {
    if (Array.isArray(node)) {
      node.forEach((n) => walk(n, scope));
      return;
    }
    if (!isPlainObject(node)) return;
    for (const [operator, args] of Object.entries(node)) {
      if (operator === 'var') {
        const first = Array.isArray(args) ? args[0] : args;
        if (typeof first === 'string') {
          read({ path: first, dynamic: false }, scope);
        } else {
          read({ path: literalPrefix(first) ?? '', dynamic: true }, scope);
          walk(first, scope);
        }
        if (Array.isArray(args)) args.slice(1).forEach((n) => walk(n, scope));
      } else if (ITERATORS.has(operator) && Array.isArray(args)) {
        const [list, body, ...rest] = args;
        walk(list, scope);
        const base = resolved(list, scope);
        walk(body, {
          item: true,
          base: base === undefined ? undefined : `${base}.0`,
          reduce: operator === 'reduce',
        });
        rest.forEach((n) => walk(n, scope));
      } else {
        walk(args, scope);
      }
    }
  };
  walk(rule, { item: false });
}

/**
 * Lists every variable a rule reads in its own scope ({"var": ...}), walking nested operators.
 * Inside `map`, `filter`, `reduce`, `all`, `some` and `none` a variable reads the list's item,
 * not the scope: those are left out (see {@link collectItemReferences}).
 */
export function collectVarReferences(rule: Rule): VarReference[] {
  const found: VarReference[] = [];
  walkVars(
    rule,
    (ref) => found.push(ref),
    () => undefined,
  );
  return found;
}

/**
 * The variables a rule reads inside the items of the lists it iterates (`map`, `filter`,
 * `reduce`, `all`, `some`, `none`), as paths of the list's first item:
 * `{"some": [{"var": "answers.hunde.hunde"}, {"var": "rasse"}]}` reads
 * `answers.hunde.hunde.0.rasse`, so that a check can look the field up in the list's item schema.
 * Reads of the item as a whole and inside lists computed by another operator are not listed.
 */
export function collectItemReferences(rule: Rule): VarReference[] {
  const found: VarReference[] = [];
  walkVars(
    rule,
    () => undefined,
    (ref) => found.push(ref),
  );
  return found;
}

/**
 * Lists every operator a rule uses. The argument of `eachKey` is an object whose keys are the
 * names of the object it builds, not operators: only its values are rules.
 */
export function collectOperators(rule: Rule): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!isPlainObject(node)) return;
    for (const [operator, args] of Object.entries(node)) {
      found.push(operator);
      if (operator === 'eachKey' && isPlainObject(args)) Object.values(args).forEach(walk);
      else walk(args);
    }
  };
  walk(rule);
  return found;
}

/** Lists the scalar literals of a rule (the values it compares variables with). */
export function collectLiterals(rule: Rule): RuleLiteral['value'][] {
  const found: RuleLiteral['value'][] = [];
  const walk = (node: unknown, underVar: boolean): void => {
    if (Array.isArray(node)) {
      node.forEach((n) => walk(n, underVar));
      return;
    }
    if (isPlainObject(node)) {
      for (const [operator, args] of Object.entries(node)) walk(args, operator === 'var');
      return;
    }
    if (
      !underVar &&
      (typeof node === 'string' ||
        typeof node === 'number' ||
        typeof node === 'boolean' ||
        node === null)
    ) {
      found.push(node);
    }
  };
  walk(rule, false);
  return found;
}
