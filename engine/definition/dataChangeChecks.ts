import type { ContractDataChange } from '../../generated/types/contract-data.ts';
import { ROOTS, viewRuleChecks } from './changeChecks.ts';
import type { SchemaLookup } from './schemaPaths.ts';

type Report = (pointer: string, message: string) => void;

/** One contract data change (definitions/contract-data/) with where its problems go. */
export interface DataChangeFile {
  value: ContractDataChange;
  report: Report;
}

/** First segments of the contract API's own routes below /api/vertrag/vertrag/{id}/. */
const OWN_ROUTES = new Set([
  'abschluss',
  'bankverbindung',
  'beitrag',
  'dokumente',
  'gelesen',
  'kuendigung',
  'kuendigungsdaten',
  'umsatz',
  'vertragsart',
  'widerruf',
  'widerrufsinfo',
]);

/**
 * Checks the contract data changes of definitions/contract-data/ beyond their schema: their rules
 * read contract (fields of the contract view) and change, their effect writes fields of the view,
 * their register checks name a register of definitions/registers/, normalising applies to text
 * values only, and no two share a path or a body field's route.
 */
export function checkDataChangeSet(
  files: readonly DataChangeFile[],
  lookup: SchemaLookup,
  registers: ReadonlySet<string>,
  parts: ReadonlyMap<string, string> = new Map(),
): void {
  const checks = viewRuleChecks(lookup, parts);
  const paths = new Map<string, string>();
  for (const { value: change, report } of files) {
    (change.appliesWhen ?? []).forEach((entry, i) =>
      checks.rule(entry.rule, `/appliesWhen/${i}/rule`, ROOTS.rule, report),
    );
    checks.rule(change.current, '/current', ROOTS.rule, report);
    checks.effect(change.effect, report);
    (change.registers ?? []).forEach((check, i) => {
      if (!registers.has(check.register))
        report(
          `/registers/${i}/register`,
          `there is no register definitions/registers/${check.register}.json (${[...registers].join(', ')})`,
        );
    });
    if (change.normalize !== 'none' && (change.value as { type?: unknown }).type !== 'string')
      report('/normalize', `"${change.normalize}" normalises text: give value "type": "string"`);
    const other = paths.get(change.path);
    if (other)
      report('/path', `contract data change "${other}" has the path "${change.path}" already`);
    else if (OWN_ROUTES.has(change.path.split('/')[0] ?? ''))
      report('/path', `"${change.path}" is a route of the contract API already`);
    else paths.set(change.path, change.id);
  }
}
