import { GENERATED_DOCUMENTS } from './contractDocuments.ts';
import { documentPath, readStaticDocuments } from './staticDocuments.ts';
import { readBundle, strictTexts } from '../platform/texts.ts';

/**
 * A document a contract lists, by its storage key (`path`): a static document by its path under
 * /api/dokumente/, or a document made from the contract (contractDocuments.ts). The contract view
 * links it as GET /api/vertrag/vertrag/{id}/dokumente/{dokumentId}.
 */
export interface ListedDocument {
  name: string;
  typ: string;
  path: string;
}

/** The agent information every contract lists besides its customer information. */
const AGENT_INFORMATION = 'vermittlerinformation';

/**
 * The documents a contract of a product lists: the customer information whose contractProducts
 * name the product and the agent information (static, served by the documents routes), then the
 * policy and the last premium notice (made from the contract's data when requested). Read from
 * definitions/ under `root` once; the answer is a function of the product.
 */
export function contractDocumentsOf(root: string): (produkt: string) => ListedDocument[] {
  const documents = readStaticDocuments(root);
  const texts = strictTexts(new Map([['documents', readBundle(root, 'documents')]]), 'documents');
  const generated: ListedDocument[] = [
    {
      name: texts.t('contract.policy.name'),
      typ: 'VERSICHERUNGSSCHEIN',
      path: GENERATED_DOCUMENTS.policy,
    },
    {
      name: texts.t('contract.notice.name'),
      typ: 'BEITRAGSRECHNUNG',
      path: GENERATED_DOCUMENTS.notice,
    },
  ];
  return (produkt) => [
    ...documents
      .filter((d) =>
        d.kind === 'kundeninformation'
          ? (d.contractProducts ?? []).some((p) => p === produkt)
          : d.id === AGENT_INFORMATION,
      )
      .sort((a, b) => b.kind.localeCompare(a.kind))
      .map((d) => ({
        name: d.title,
        typ: d.kind === 'kundeninformation' ? 'KUNDENINFORMATION' : d.id.toUpperCase(),
        path: documentPath(d),
      })),
    ...generated,
  ];
}
