import { collectVarReferences, evaluateRule, type Rule } from '#engine';
import type { RatingOperand, Tariff } from '../../../../generated/types/tariff.ts';
import { lookupTable } from './tables.ts';
import type { RatingValue, ValueSource } from './worksheet.ts';

/** The reason given when the tariff cannot price the answers and names no reason of its own. */
export const NO_PRICE_REASON =
  'Für diese Angaben können wir online leider keinen Beitrag berechnen. Bitte wenden Sie sich an uns.';

/** An operand's value with its source, or the German reason why the answers cannot be priced. */
export type OperandResult =
  { ok: true; value: number; source: ValueSource } | { ok: false; reason: string };

/** The names a rule of the routine reads: the inputs, the variables so far, and today. */
export type RatingScope = Readonly<Record<string, RatingValue>>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a JSON pointer of the tariff, with `{name}` replaced by that value of the scope. */
function atPointer(tariff: Tariff, pointer: string, scope: RatingScope): unknown {
  let node: unknown = tariff;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw
      .replace(/\{([A-Za-z0-9]+)\}/g, (_, name: string) => String(scope[name] ?? ''))
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The names of the scope (inputs, variables of earlier steps) an operand reads: a table's key
 * inputs, the `{name}`s of a tariff pointer, a rule's variables.
 */
export function operandReads(tariff: Tariff, operand: RatingOperand): string[] {
  const node: unknown = operand;
  if (isNumber(node) || !isObject(node)) return [];
  if (typeof node['table'] === 'string') {
    const named = Array.isArray(node['keys']) ? (node['keys'] as unknown[]) : undefined;
    const table = tariff.rating?.tables?.[node['table']];
    const inputs = named ?? table?.keys.map((column) => column.input) ?? [];
    return inputs.filter((input): input is string => typeof input === 'string');
  }
  if (typeof node['tariff'] === 'string')
    return [...node['tariff'].matchAll(/\{([A-Za-z0-9]+)\}/g)].map((m) => m[1] ?? '');
  return collectVarReferences(operand as Rule).map((ref) => ref.path.split('.')[0] ?? '');
}

/**
 * Evaluates a step's operand: a constant; a table lookup with the values of the table's key
 * columns (or of the inputs the operand's `keys` name instead); a number of the tariff file at a pointer; or a JSON Logic rule over the scope. A
 * table without a matching row, or a pointer without a number, makes the answers unpriceable with
 * the tariff's German reason.
 */
export function evaluateOperand(
  tariff: Tariff,
  operand: RatingOperand,
  scope: RatingScope,
): OperandResult {
  if (isNumber(operand)) return { ok: true, value: operand, source: { art: 'konstante' } };
  const node: unknown = operand;
  if (isObject(node) && typeof node['table'] === 'string') {
    const name = node['table'];
    const table = tariff.rating?.tables?.[name];
    if (!table) return { ok: false, reason: NO_PRICE_REASON };
    // Named keys look the table up with other inputs (the second dog's size by the first's rates).
    const named = Array.isArray(node['keys']) ? (node['keys'] as unknown[]) : undefined;
    if (named && named.length !== table.keys.length) return { ok: false, reason: NO_PRICE_REASON };
    const inputs = named ?? table.keys.map((column) => column.input);
    const keys = inputs.map((input) => (typeof input === 'string' ? (scope[input] ?? null) : null));
    const hit = lookupTable(table, keys);
    if (!hit.found) return { ok: false, reason: table.missing ?? NO_PRICE_REASON };
    return {
      ok: true,
      value: hit.value,
      source: { art: 'tabelle', tabelle: name, bezeichnung: table.label, schluessel: keys },
    };
  }
  if (isObject(node) && typeof node['tariff'] === 'string') {
    const pointer = node['tariff'];
    const found = atPointer(tariff, pointer, scope);
    const fallback = node['default'];
    if (isNumber(found))
      return { ok: true, value: found, source: { art: 'tarif', zeiger: pointer } };
    if (found === undefined && isNumber(fallback))
      return {
        ok: true,
        value: fallback,
        source: { art: 'tarif', zeiger: pointer, standardwert: true },
      };
    const missing = node['missing'];
    return { ok: false, reason: typeof missing === 'string' ? missing : NO_PRICE_REASON };
  }
  const value = evaluateRule(operand, scope);
  return isNumber(value)
    ? { ok: true, value, source: { art: 'regel' } }
    : { ok: false, reason: NO_PRICE_REASON };
}
