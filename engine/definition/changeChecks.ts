import { knownOperators } from '../rules/evaluate.ts';
import { collectOperators, collectVarReferences } from '../rules/references.ts';
import { missingSegment, type SchemaLookup } from './schemaPaths.ts';
import { uriOfPath } from './types.ts';
import { pendingListsOfView } from './viewLists.ts';
import { lineViewOf } from './partChecks.ts';
import type { ContractChange } from '../../generated/types/change.ts';

type Report = (pointer: string, message: string) => void;

const VIEW_FILE = 'definitions/schema/contract-view.schema.json';

/** What the rules of a change read, by where they stand. */
export const ROOTS = {
  rule: ['contract', 'change'],
  where: ['contract', 'change', 'item'],
  event: ['contract', 'change', 'price'],
} as const;

/** One change declaration (definitions/changes/) with where its problems go. */
export interface ChangeFile {
  value: ContractChange;
  report: Report;
}

/** What a change's rules and effect may read and write, checked against the contract view. */
export interface ViewRuleChecks {
  /** A rule uses known operators and reads only `roots` (and of contract, fields of the view). */
  rule(rule: unknown, at: string, roots: readonly string[], report: Report): void;
  /** Each op's path is a field of the view, and its rules read what their place offers. */
  effect(effect: ContractChange['effect'], report: Report): void;
  /** The contract view's schema, when it is there. */
  view: unknown;
}

/**
 * The checks of rules over the contract view and of effects on it; `parts` are the lines' own
 * parts (name -> compiled schema URI, see tariffPartUris), which a change may read and write too.
 */
export function viewRuleChecks(
  lookup: SchemaLookup,
  parts: ReadonlyMap<string, string> = new Map(),
): ViewRuleChecks {
  const viewUri = uriOfPath(VIEW_FILE);
  const specView = lookup(viewUri);
  const view =
    typeof specView === 'object' && specView !== null
      ? lineViewOf(specView as Record<string, unknown>, parts)
      : undefined;
  const known = knownOperators();
  const inView = (segments: string[]): string | undefined =>
    view === undefined ? undefined : missingSegment(view, viewUri, segments, lookup);
  const rule: ViewRuleChecks['rule'] = (value, at, roots, report) => {
    for (const op of collectOperators(value))
      if (!known.has(op)) report(at, `unknown rule operator "${op}"`);
    for (const ref of collectVarReferences(value)) {
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
  return {
    view,
    rule,
    effect: (effect, report) =>
      effect.forEach((op, i) => {
        const missing = inView(op.path.split('.'));
        if (missing !== undefined)
          report(
            `/effect/${i}/path`,
            `the contract view (${VIEW_FILE}) has no "${missing}" in "${op.path}"`,
          );
        if (op.op === 'remove') rule(op.where, `/effect/${i}/where`, ROOTS.where, report);
        else rule(op.value, `/effect/${i}/value`, ROOTS.rule, report);
      }),
  };
}

/**
 * Checks the change declarations of definitions/changes/ beyond their schema: rules use known
 * operators and read what their place offers (contract, change; item in a remove's `where`; price
 * in eventFields), every contract path they read and every effect path is a field of the contract
 * view (definitions/schema/contract-view.schema.json), its pending list is one of the view's, and
 * no two changes share an id's art, body field or quote path.
 */
export function checkChangeSet(
  files: readonly ChangeFile[],
  lookup: SchemaLookup,
  parts: ReadonlyMap<string, string> = new Map(),
): void {
  const checks = viewRuleChecks(lookup, parts);
  const taken = new Map<string, string>();
  const pendingLists = pendingListsOfView(checks.view);
  for (const { value: change, report } of files) {
    if (pendingLists !== undefined && !pendingLists.includes(change.pendingList))
      report(
        '/pendingList',
        `"${change.pendingList}" is not a pending list of the contract view (${VIEW_FILE}, aenderungshistorie.items.liste): one of ${pendingLists.join(', ')}`,
      );
    const checkRule = (rule: unknown, at: string, roots: readonly string[]): void =>
      checks.rule(rule, at, roots, report);
    (change.appliesWhen ?? []).forEach((entry, i) =>
      checkRule(entry.rule, `/appliesWhen/${i}/rule`, ROOTS.rule),
    );
    checkRule(change.current, '/current', ROOTS.rule);
    checks.effect(change.effect, report);
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
