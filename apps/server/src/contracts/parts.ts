import viewSchema from '../../../../definitions/schema/contract-view.schema.json' with { type: 'json' };
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ContractParts } from '../../../../generated/types/contract-parts.ts';
import { contracts, type ContractTeile } from '../db/schema/index.ts';

/** A part of the spec (the contract view schema's `$defs.teile`). */
export type SpecPart = keyof ContractParts;

/** The spec's parts: the contract view answers each, null where a contract has none. */
export const SPEC_PARTS: ReadonlySet<string> = new Set(
  Object.keys(viewSchema.$defs.teile.properties),
);

/** The contract table's columns by their names in the row: what is not one is a part. */
const COLUMNS: ReadonlySet<string> = new Set(Object.keys(getTableColumns(contracts)));

/** The view's fields: a field the view schema does not list is a line's own part. */
const VIEW_FIELDS: ReadonlySet<string> = new Set(Object.keys(viewSchema.properties));

/** Whether a field of a contract view is a part (a spec part, or a line's own). */
export const isPart = (name: string): boolean => SPEC_PARTS.has(name) || !VIEW_FIELDS.has(name);

/** A contract row as far as its parts go. */
type WithTeile = { teile: ContractTeile };

/** A spec part of a contract, or null when the contract has none. */
export function partOf<K extends SpecPart>(row: WithTeile, name: K): ContractParts[K] {
  return (row.teile[name] ?? null) as ContractParts[K];
}

/** Every spec part of a contract (null where it has none) and its line's own parts. */
export function partsOf(row: WithTeile): ContractParts & Record<string, unknown> {
  const parts: Record<string, unknown> = {};
  for (const name of SPEC_PARTS) parts[name] = null;
  return { ...(parts as unknown as ContractParts), ...row.teile };
}

/** Parts with `patch` laid over them: a part set to null or undefined is removed. */
export function withParts(teile: ContractTeile, patch: Record<string, unknown>): ContractTeile {
  return Object.fromEntries(
    Object.entries({ ...teile, ...patch }).filter(
      ([, value]) => value !== null && value !== undefined,
    ),
  );
}

/** What a change writes to a contract: common columns, and spec parts by name. */
export type ContractPatch = Partial<Omit<typeof contracts.$inferInsert, 'teile'>> &
  Partial<ContractParts>;

/** A row with a patch laid over it: its columns replaced, its parts merged into `teile`. */
export function patchedRow<R extends WithTeile>(row: R, patch: ContractPatch): R {
  const columns: Record<string, unknown> = {};
  const parts: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch)) {
    if (COLUMNS.has(name)) columns[name] = value;
    else parts[name] = value;
  }
  return { ...row, ...columns, teile: withParts(row.teile, parts) };
}

/**
 * The SET of an UPDATE writing a patch: its common columns as they are, its parts merged into
 * `teile` within the statement (a part set to null removed), so that a write of one part never
 * loses another written meanwhile.
 */
export function setOf(patch: ContractPatch): PgUpdateSetSource<typeof contracts> {
  const columns: Record<string, unknown> = {};
  const set: Record<string, unknown> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(patch)) {
    if (COLUMNS.has(name)) columns[name] = value;
    else if (value === null) removed.push(name);
    else if (value !== undefined) set[name] = value;
  }
  if (Object.keys(set).length === 0 && removed.length === 0)
    return columns as PgUpdateSetSource<typeof contracts>;
  let teile: SQL = sql`${contracts.teile} || ${JSON.stringify(set)}::jsonb`;
  for (const name of removed) teile = sql`(${teile}) - ${name}::text`;
  return { ...columns, teile } as PgUpdateSetSource<typeof contracts>;
}
