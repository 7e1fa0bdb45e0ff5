import { knownOperators } from '../rules/evaluate.ts';
import { collectOperators, collectVarReferences } from '../rules/references.ts';
import { missingSegment, type SchemaLookup } from './schemaPaths.ts';
import { uriOfPath } from './types.ts';
import { pendingListsOfView } from './viewLists.ts';
import type { ContractChange } from '../../generated/types/change.ts';

type Report = (pointer: string, message: string) => void;

const VIEW_FILE = 'definitions/schema/contract-view.schema.json';

/** What the rules of a change read, by where they stand. */
const ROOTS = {
  rule: ['contract', 'change'],
  where: ['contract', 'change', 'item'],
  event: ['contract', 'change', 'price'],
} as const;

/** One change declaration (definitions/changes/) with where its problems go. */
export interface ChangeFile {
  value: ContractChange;
  report: Report;
}

/**
 * Checks the change declarations of definitions/changes/ beyond their schema: rules use known
 * operators and read what their place offers (contract, change; item in a remove's `where`; price
 * in eventFields), every contract path they read and every effect path is a field of the contract
 * view (definitions/schema/contract-view.schema.json), its pending list is one of the view's, and
 * no two changes share an id's art, body field or quote path.
 */
export function checkChangeSet(files: readonly ChangeFile[], lookup: SchemaLookup): void {
  const viewUri = uriOfPath(VIEW_FILE);
  const view = lookup(viewUri);
  const known = knownOperators();
  const inView = (segments: string[]): string | undefined =>
    view === undefined ? undefined : missingSegment(view, viewUri, segments, lookup);
  const taken = new Map<string, string>();
  const pendingLists = pendingListsOfView(view);
  for (const { value: change, report } of files) {
    if (pendingLists !== undefined && !pendingLists.includes(change.pendingList))
      report(
        '/pendingList',
        `"${change.pendingList}" is not a pending list of the contract view (${VIEW_FILE}, aenderungshistorie.items.liste): one of ${pendingLists.join(', ')}`,
      );
    const checkRule = (rule: unknown, at: string, roots: readonly string[]): void => {
      for (const op of collectOperators(rule))
        if (!known.has(op)) report(at, `unknown rule operator "${op}"`);
      for (const ref of collectVarReferences(rule)) {
        const [root, ...rest] = ref.path.split('.');
        if (!roots.includes(root ?? '')) {
          report(at, `reads "${ref.path}", but a rule here may read only ${roots.join(', ')}`);
          continue;
        }
        const missing = root === 'contract' && !ref.dynamic ? inView(rest) : undefined;
        if (missing !== undefined)
          report(at, `reads "${ref.path}", but the contract view has no "${missing}" there`);
      }
    };
    (change.appliesWhen ?? []).forEach((entry, i) =>
      checkRule(entry.rule, `/appliesWhen/${i}/rule`, ROOTS.rule),
    );
    checkRule(change.current, '/current', ROOTS.rule);
    change.effect.forEach((op, i) => {
      const missing = inView(op.path.split('.'));
      if (missing !== undefined)
        report(
          `/effect/${i}/path`,
          `the contract view (${VIEW_FILE}) has no "${missing}" in "${op.path}"`,
        );
      if (op.op === 'remove') checkRule(op.where, `/effect/${i}/where`, ROOTS.where);
      else checkRule(op.value, `/effect/${i}/value`, ROOTS.rule);
    });
    for (const [name, rule] of Object.entries(change.eventFields ?? {}))
      checkRule(rule, `/eventFields/${name}`, ROOTS.event);
    for (const [key, at] of [
      [`art ${change.art}`, '/art'],
      [`field ${change.field}`, '/field'],
      ...(change.beitragPath === null ? [] : [[`path ${change.beitragPath}`, '/beitragPath']]),
    ] as const) {
      const other = taken.get(key);
      if (other) report(at, `change "${other}" has the same ${key.split(' ')[0] ?? ''} already`);
      else taken.set(key, change.id);
    }
  }
}
