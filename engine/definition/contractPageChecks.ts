import { pendingListsOfView } from './viewLists.ts';
import type { ContractPage } from '../../generated/types/contract-page.ts';
import type { Bundles } from './i18n.ts';

type Report = (pointer: string, message: string) => void;

/** definitions/contract-page.json as checked, with a reporter at its JSON pointers. */
export interface ContractPageFile {
  value: ContractPage;
  report: Report;
}

/** The part of the contract-view schema this check reads. */
export interface ContractViewSchema {
  properties?: Record<string, unknown> & {
    aenderungshistorie?: { items?: { properties?: { liste?: { enum?: unknown[] } } } };
  };
}

const PORTAL = 'portal';
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node of the portal bundle at a dotted key, or undefined. */
function portalNode(bundles: Bundles, key: string): unknown {
  let node: unknown = bundles.get(PORTAL);
  for (const segment of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * What the schema of contract-page.json cannot say: it lists every pending list of the contract
 * view and no other, each list has its name in the portal bundle (pending.lists.<list>), each
 * label prefix is a group of texts there, and an option list is read from a field of the view.
 */
export function checkContractPage(
  file: ContractPageFile,
  view: ContractViewSchema | undefined,
  bundles: Bundles,
): void {
  const lists = pendingListsOfView(view) ?? [];
  const fields = new Set(Object.keys(view?.properties ?? {}));
  const declared = Object.keys(file.value.pendingLists);
  const missing = lists.filter((list) => !declared.includes(list));
  if (missing.length > 0)
    file.report(
      '/pendingLists',
      `the contract view has pending lists this page does not show: ${missing.join(', ')}`,
    );
  for (const [list, value] of Object.entries(file.value.pendingLists)) {
    if (!value) continue;
    const at = `/pendingLists/${escape(list)}`;
    if (!lists.includes(list)) {
      file.report(
        at,
        `"${list}" is no pending list of the contract view (aenderungshistorie.items.liste of definitions/schema/contract-view.schema.json)`,
      );
      continue;
    }
    if (typeof portalNode(bundles, `pending.lists.${list}`) !== 'string')
      file.report(
        at,
        `the list has no name: add pending.lists.${list} to definitions/locales/de/${PORTAL}.json`,
      );
    if ('labels' in value) {
      const node = portalNode(bundles, value.labels);
      if (typeof node !== 'object' || node === null)
        file.report(
          `${at}/labels`,
          `"${value.labels}" is no group of texts in definitions/locales/de/${PORTAL}.json`,
        );
    }
    if ('options' in value && !fields.has(value.options.split('.')[0] ?? ''))
      file.report(
        `${at}/options`,
        `"${value.options}" is no field of the contract view (definitions/schema/contract-view.schema.json)`,
      );
  }
}
