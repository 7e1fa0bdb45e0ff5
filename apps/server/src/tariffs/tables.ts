import type { RatingTable, TableLevel } from '../../../../generated/types/tariff.ts';
import type { RatingValue } from './worksheet.ts';

/** What a table lookup found: the number, or that no row matches. */
export type TableHit = { found: true; value: number } | { found: false };

const MISS: TableHit = { found: false };

/** The key text of an exact column: option values as they are, booleans as "true"/"false". */
function exactKey(value: RatingValue): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return undefined;
}

function lookupLevel(
  level: TableLevel,
  keys: readonly RatingTable['keys'][number][],
  values: readonly RatingValue[],
): TableHit {
  const [column, ...restColumns] = keys;
  if (column === undefined) return typeof level === 'number' ? { found: true, value: level } : MISS;
  const [value, ...restValues] = values;
  if (column.bands === true) {
    if (!Array.isArray(level) || typeof value !== 'number') return MISS;
    const band = level.find((b) => b.upTo === null || value <= b.upTo);
    return band ? lookupLevel(band.value, restColumns, restValues) : MISS;
  }
  if (typeof level !== 'object' || Array.isArray(level)) return MISS;
  const key = exactKey(value ?? null);
  const next = key === undefined || !Object.hasOwn(level, key) ? undefined : level[key];
  return next === undefined ? MISS : lookupLevel(next, restColumns, restValues);
}

/**
 * Looks a number up in a rate table with the values of its key columns (outermost first): an
 * exact column matches the value's text, a banded column takes the first band whose `upTo` is at
 * least the value (bands ascend; `upTo: null` is unbounded).
 */
export function lookupTable(table: RatingTable, values: readonly RatingValue[]): TableHit {
  return lookupLevel(table.values, table.keys, values);
}
