import { evaluateRule } from '#engine';
import type { ContractChange } from '../../../../generated/types/change.ts';
import type { PendingChangeArt } from '../db/schema/index.ts';
import type { ChangeKindSpec } from './changeSpec.ts';
import { applyEffect, changedColumns, refusalOf, viewOfRow } from './changeEffect.ts';
import { patchedRow } from './parts.ts';
import { pricingInputOf } from './pricingInput.ts';

/**
 * A declared change as the change machinery runs it: its rules decide whether the contract takes
 * it, its effect on the contract view gives the columns to write and (through the contract's
 * pricing input) what the hand-written tariff sections price; a tariff that rates contracts
 * prices the changed view itself (see quote.ts).
 */
export function declaredKind(change: ContractChange): ChangeKindSpec {
  const effectOn = (row: Parameters<ChangeKindSpec['current']>[0], value: unknown, day?: string) =>
    applyEffect(viewOfRow(row), change, { value, ...(day ? { wirksamkeitsdatum: day } : {}) });
  return {
    declared: change,
    field: change.field,
    valueSchema: change.value,
    art: change.art as PendingChangeArt,
    pendingList: change.pendingList,
    eventTyp: change.event,
    beitragPath: change.beitragPath,
    generic: change.generic,
    check: (value, { row }) => refusalOf(change, viewOfRow(row), { value }),
    apply: (input, value, { row }) => {
      const changed = patchedRow(row, changedColumns(row, effectOn(row, value)));
      const before = pricingInputOf(row, input.wirksamkeitsdatum);
      const after = pricingInputOf(changed, input.wirksamkeitsdatum);
      const moved = (Object.keys(after) as (keyof typeof after)[]).filter(
        (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
      );
      return { ...input, ...Object.fromEntries(moved.map((key) => [key, after[key]])) };
    },
    columns: (value, { row, input }) =>
      changedColumns(row, effectOn(row, value, input.wirksamkeitsdatum)),
    current: (row) => evaluateRule(change.current, { contract: viewOfRow(row) }) ?? null,
    ...(change.eventFields
      ? {
          eventFields: (value, { row }, price) =>
            Object.fromEntries(
              Object.entries(change.eventFields ?? {}).map(([name, rule]) => [
                name,
                evaluateRule(rule, { contract: viewOfRow(row), change: { value }, price }) ?? null,
              ]),
            ),
        }
      : {}),
  };
}
