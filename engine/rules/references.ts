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

/** Lists every variable a rule reads ({"var": ...}), walking nested operators. */
export function collectVarReferences(rule: Rule): VarReference[] {
  const found: VarReference[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!isPlainObject(node)) return;
    for (const [operator, args] of Object.entries(node)) {
      if (operator === 'var') {
        const first = Array.isArray(args) ? args[0] : args;
        if (typeof first === 'string') {
          found.push({ path: first, dynamic: false });
        } else {
          found.push({ path: literalPrefix(first) ?? '', dynamic: true });
          walk(first);
        }
        if (Array.isArray(args)) args.slice(1).forEach(walk);
      } else {
        walk(args);
      }
    }
  };
  walk(rule);
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
