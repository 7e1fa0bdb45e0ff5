import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateRule } from '#engine';
import type { ContractDataChange } from '../../../../generated/types/contract-data.ts';
import { createAjv } from '../../../../engine/validation/createAjv.ts';
import { isInRegister } from '../finders/registers.ts';
import type { ContractRow } from './access.ts';
import { applyEffect, changedColumns, refusalOf, viewOfRow } from './changeEffect.ts';
import { fieldRefusal, unprocessable, type DataChange } from './dataSave.ts';
import type { SaveOutcome } from './saveChange.ts';

/**
 * A contract data change of definitions/contract-data/ as its route runs it: the value normalised
 * and checked as stored (the 400 before the contract is read), then the change a contract row
 * takes (its rules, its registers, its effect) or the 422 refusing it.
 */
export interface DataChangeRoute {
  declaration: ContractDataChange;
  /** The value as it is stored, or the 400 refusing it. */
  stored(value: unknown): { value: unknown } | SaveOutcome;
  /** What saving the stored value writes to the contract, or the 422 refusing it. */
  change(row: ContractRow, value: unknown): DataChange | SaveOutcome;
}

const NORMALIZE: Record<ContractDataChange['normalize'], (value: unknown) => unknown> = {
  none: (value) => value,
  trim: (value) => (typeof value === 'string' ? value.trim() : value),
  'trim-uppercase': (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
};

/** The route of one declaration; `registersDir` holds the registers of the same definitions. */
export function dataChangeRoute(
  declaration: ContractDataChange,
  registersDir: string,
): DataChangeRoute {
  const ajv = createAjv();
  const fits = declaration.stored ? ajv.compile(declaration.stored.schema) : undefined;
  return {
    declaration,
    stored: (sent) => {
      const value = NORMALIZE[declaration.normalize](sent);
      if (!fits || fits(value)) return { value };
      return fieldRefusal(
        `/body/${declaration.field}`,
        fits.errors?.[0]?.keyword ?? 'format',
        declaration.stored?.reason ?? '',
      );
    },
    change: (row, value) => {
      const view = viewOfRow(row);
      const refusal = refusalOf(declaration, view, { value });
      if (refusal) return unprocessable(refusal);
      for (const check of declaration.registers ?? []) {
        const listed = isInRegister(check.register, String(value), registersDir);
        if (listed === (check.fails === 'listed')) return unprocessable(check.reason);
      }
      return {
        columns: changedColumns(row, applyEffect(view, declaration, { value })),
        event: {
          typ: declaration.event,
          payload: {
            neu: value,
            alt: evaluateRule(declaration.current, { contract: view }) ?? null,
          },
        },
        audit: { action: declaration.audit, details: {} },
      };
    },
  };
}

/** The data changes of a definitions root (definitions/contract-data/; none without the folder). */
export function loadDataChangeRoutes(root: string): DataChangeRoute[] {
  const dir = join(root, 'definitions', 'contract-data');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) =>
      dataChangeRoute(
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as ContractDataChange,
        join(root, 'definitions', 'registers'),
      ),
    );
}
