import { evaluateRule, ruleHolds } from '#engine';
import type { ContractChange } from '../../../../generated/types/change.ts';
import type { ContractView } from '../../../../generated/types/contract-view.ts';
import type { ContractRow } from './access.ts';
import { contractViewOf } from './contractView.ts';
import { isPart, type ContractPatch } from './parts.ts';
import { contractColumnsOf, type ContractFactColumns } from './storeView.ts';

/** A contract view as rules read it and effects change it. */
export type ViewData = Record<string, unknown>;

/** What a change's rules read of the change: its value and, once known, its effective date. */
export interface ChangeData {
  value: unknown;
  wirksamkeitsdatum?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contract view of a row as the change rules read it (its own facts; no documents, no agent). */
export const viewOfRow = (row: ContractRow): ViewData =>
  contractViewOf(row, [], [], null) as unknown as ViewData;

/** The node at a dotted path, its parents made (as objects) where they are missing. */
function parentOf(view: ViewData, path: string): { node: Record<string, unknown>; key: string } {
  const segments = path.split('.');
  const key = segments.pop() ?? '';
  let node: Record<string, unknown> = view;
  for (const segment of segments) {
    const next = node[segment];
    if (isObject(next)) node = next;
    else {
      const made: Record<string, unknown> = {};
      node[segment] = made;
      node = made;
    }
  }
  return { node, key };
}

/**
 * The contract view with a change's declared effect applied, op by op (set a field, add an item
 * to a list, remove the items a rule picks), each rule reading the view as the ops before left it.
 * The given view is not changed.
 */
export function applyEffect(
  view: ViewData,
  change: Pick<ContractChange, 'effect'>,
  data: ChangeData,
): ViewData {
  const next = structuredClone(view);
  for (const op of change.effect) {
    const { node, key } = parentOf(next, op.path);
    const scope = { contract: next, change: data };
    if (op.op === 'set') node[key] = structuredClone(evaluateRule(op.value, scope));
    else {
      const list = Array.isArray(node[key]) ? (node[key] as unknown[]) : [];
      node[key] =
        op.op === 'add'
          ? [...list, structuredClone(evaluateRule(op.value, scope))]
          : list.filter((item) => !ruleHolds(op.where, { ...scope, item }));
    }
  }
  return next;
}

/** The first of a change's `appliesWhen` rules that does not hold for the contract: its reason. */
export function refusalOf(
  change: Pick<ContractChange, 'appliesWhen'>,
  view: ViewData,
  data: ChangeData,
): string | null {
  const scope = { contract: view, change: data };
  return (change.appliesWhen ?? []).find((entry) => !ruleHolds(entry.rule, scope))?.reason ?? null;
}

/**
 * What saving `view` writes to a row: the common columns whose stored facts differ, and the parts
 * that differ (null: removed), as a patch for setOf / patchedRow.
 */
export function changedColumns(row: ContractRow, view: ViewData): ContractPatch {
  const old = viewOfRow(row);
  const before = contractColumnsOf(old as unknown as ContractView);
  const after = contractColumnsOf(view as unknown as ContractView);
  const patch: Record<string, unknown> = Object.fromEntries(
    Object.entries(after).filter(
      ([name, value]) =>
        JSON.stringify(value) !== JSON.stringify(before[name as keyof ContractFactColumns]),
    ),
  );
  for (const name of new Set([...Object.keys(old), ...Object.keys(view)]))
    if (isPart(name) && JSON.stringify(view[name] ?? null) !== JSON.stringify(old[name] ?? null))
      patch[name] = view[name] ?? null;
  return patch as ContractPatch;
}
