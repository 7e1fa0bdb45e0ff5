import { useTranslation } from 'react-i18next';
import { fetchSignedFile } from './api.ts';
import type { ContractDocument } from './contractsApi.ts';
import { DownloadButton } from './DownloadButton.tsx';

/**
 * A contract's documents (policy, premium notice, customer and agent information): one button
 * each that fetches the PDF from the contract's document URL with the session's token and saves
 * it. Nothing when the contract lists none. The customer reads "Ihre Unterlagen", the agent the
 * contract's documents.
 */
export function ContractDocuments({
  documents,
  forAgent = false,
}: {
  documents: readonly ContractDocument[];
  forAgent?: boolean;
}) {
  const { t } = useTranslation('portal');
  if (documents.length === 0) return null;
  return (
    <>
      <h2>{t(forAgent ? 'documents.agentTitle' : 'documents.title')}</h2>
      <ul className="action-list">
        {documents.map((document) => (
          <li key={document.url}>
            <DownloadButton
              label={t('documents.download', { name: document.name })}
              errorText={t('documents.downloadError')}
              fetchFile={() => fetchSignedFile(document.url)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
