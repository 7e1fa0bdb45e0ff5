import { catalogueLabelKey } from '../rules/catalogueOperator.ts';
import type { Catalogue } from '../../generated/types/catalogue.ts';

type Report = (pointer: string, message: string) => void;

/** A file that passed its schema, with its reporter. */
interface Checked<T> {
  path: string;
  value: T;
  report: Report;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys and labels are unique; every entry gives exactly the declared attributes, of their type. */
export function checkCatalogue({ value, report }: Checked<Catalogue>): void {
  const keys = new Set<string>();
  const labels = new Set<string>();
  const declared = Object.entries(value.attributes);
  value.entries.forEach((entry, i) => {
    const at = `/entries/${i}`;
    if (keys.has(entry.key)) report(`${at}/key`, `the key "${entry.key}" is used twice`);
    keys.add(entry.key);
    const label = catalogueLabelKey(entry.label);
    if (labels.has(label)) report(`${at}/label`, `the label "${entry.label}" is used twice`);
    labels.add(label);
    for (const [name, attribute] of declared) {
      const given = entry.attributes[name];
      if (!attribute) continue;
      if (given === undefined) report(`${at}/attributes`, `the attribute "${name}" is missing`);
      else if (typeof given !== attribute.type)
        report(`${at}/attributes/${name}`, `"${name}" must be a ${attribute.type}`);
      else if (attribute.enum && !attribute.enum.includes(String(given)))
        report(
          `${at}/attributes/${name}`,
          `"${name}" must be one of ${attribute.enum.join(', ')}, not "${String(given)}"`,
        );
    }
    for (const name of Object.keys(entry.attributes))
      if (!value.attributes[name])
        report(
          `${at}/attributes/${name}`,
          `"${name}" is no attribute of the catalogue (declare it under attributes)`,
        );
  });
}

/** Every {"catalogue": [...]} node of a JSON value, with its JSON pointer. */
function catalogueCalls(root: unknown): { pointer: string; args: unknown[] }[] {
  const found: { pointer: string; args: unknown[] }[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    else if (isObject(node))
      for (const [key, child] of Object.entries(node)) {
        const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (key === 'catalogue' && Object.keys(node).length === 1)
          found.push({ pointer: at, args: Array.isArray(child) ? child : [child] });
        walk(child, at);
      }
  };
  walk(root, '');
  return found;
}

/** Where a tariff's rules run with the catalogues in scope: its inputs, from answers or a contract. */
const READS_CATALOGUES = /^\/rating\/(inputs\/[^/]+\/value|contractInputs\/[^/]+)(\/|$)/;

/**
 * A tariff's catalogue lookups stand in its inputs (the steps, outputs and insurable rules read
 * only the inputs, so a lookup there would always be null), and name a catalogue of definitions/catalogues/ and one of its
 * attributes, both as literal texts, so that a renamed attribute fails here and not in a quote.
 */
export function checkCatalogueLookups(
  tariff: Checked<unknown>,
  catalogues: ReadonlyMap<string, Catalogue>,
): void {
  for (const { pointer, args } of catalogueCalls(tariff.value)) {
    if (!READS_CATALOGUES.test(pointer)) {
      tariff.report(
        pointer,
        'a tariff reads a catalogue only in an input (rating.inputs.<name>.value or rating.contractInputs.<name>): declare an input with the lookup and let the steps read the input',
      );
      continue;
    }
    const [id, , attribute] = args;
    const catalogue = typeof id === 'string' ? catalogues.get(id) : undefined;
    if (!catalogue) {
      tariff.report(
        pointer,
        `the first argument must name a catalogue of definitions/catalogues/ (${[...catalogues.keys()].join(', ')})`,
      );
      continue;
    }
    if (args.length < 2 || args.length > 3)
      tariff.report(pointer, 'write {"catalogue": [catalogue, text, attribute]}');
    else if (
      attribute !== undefined &&
      (typeof attribute !== 'string' || !catalogue.attributes[attribute])
    )
      tariff.report(
        pointer,
        `the third argument must be an attribute of catalogue "${catalogue.id}" (${Object.keys(catalogue.attributes).join(', ')})`,
      );
  }
}

/**
 * Flows are evaluated in the browser too, which has no catalogues: a flow may not use the
 * operator (a check with "register": <catalogue id> requires an answer to be an entry).
 */
export function checkNoCatalogueInFlow(flow: Checked<unknown>): void {
  for (const { pointer } of catalogueCalls(flow.value))
    flow.report(
      pointer,
      'the catalogue operator is evaluated only on the server: use it in a tariff\'s rating, and require an entry with a check ("register": the catalogue id)',
    );
}
