import { knownOperators } from '../rules/evaluate.ts';
import { collectOperators, collectVarReferences } from '../rules/references.ts';
import { lineViewOf, tariffPartUris } from './partChecks.ts';
import { missingSegment, type SchemaLookup } from './schemaPaths.ts';
import { uriOfPath } from './types.ts';
import type { Tariff } from '../../generated/types/tariff.ts';

type Report = (pointer: string, message: string) => void;

const VIEW_FILE = 'definitions/schema/contract-view.schema.json';

/** What a contract input's rule may read. */
const CONTRACT_ROOTS = ['contract', 'today'];

/**
 * Checks a tariff's `rating.contractInputs` (the rating's inputs for a contract of the tariff):
 * there is one rule for every input of the rating and none for anything else, the rules use known
 * operators and read only `today` and fields of the contract view
 * (definitions/schema/contract-view.schema.json) of the line's contracts, its own parts included.
 */
export function checkContractInputs(
  tariff: Tariff,
  path: string,
  lookup: SchemaLookup,
  report: Report,
): void {
  const rating = tariff.rating;
  const rules = rating?.contractInputs;
  if (!rating || !rules) return;
  const viewUri = uriOfPath(VIEW_FILE);
  const specView = lookup(viewUri);
  const view =
    typeof specView === 'object' && specView !== null
      ? lineViewOf(specView as Record<string, unknown>, tariffPartUris(path, tariff))
      : undefined;
  for (const name of Object.keys(rating.inputs))
    if (!Object.hasOwn(rules, name))
      report(
        '/rating/contractInputs',
        `the rating needs the input "${name}": give a rule over the contract view for it`,
      );
  const known = knownOperators();
  for (const [name, rule] of Object.entries(rules)) {
    const at = `/rating/contractInputs/${name}`;
    if (!Object.hasOwn(rating.inputs, name)) {
      report(at, `"${name}" is no input of the rating (rating.inputs)`);
      continue;
    }
    for (const op of collectOperators(rule))
      if (!known.has(op)) report(at, `unknown rule operator "${op}"`);
    for (const ref of collectVarReferences(rule)) {
      const [root, ...rest] = ref.path.split('.');
      if (!CONTRACT_ROOTS.includes(root ?? '')) {
        report(at, `reads "${ref.path}", but a contract input may read only contract and today`);
        continue;
      }
      if (root !== 'contract' || ref.dynamic || view === undefined) continue;
      const missing = missingSegment(view, viewUri, rest, lookup);
      if (missing !== undefined)
        report(
          at,
          `reads "${ref.path}", but the contract view (${VIEW_FILE}) has no "${missing}" there`,
        );
    }
  }
}
