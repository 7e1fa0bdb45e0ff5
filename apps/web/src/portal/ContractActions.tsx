import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FlowEntry } from '../../../../generated/definitions/index.ts';
import { contractActionPath } from '../flows/flowIndex.ts';

/**
 * The flows offered for a contract (a change of tariff), each as a link item labelled with the
 * flow's own text (`forContracts.actionKey` in its namespace, which loads on first use; the links
 * show once it is there). For an agent the route names the customer too. Renders list items, for
 * the caller's list.
 */
export function ContractActionItems({
  entries,
  versicherungsNummer,
  partnerNummer,
}: {
  entries: readonly FlowEntry[];
  versicherungsNummer: string;
  partnerNummer?: string;
}) {
  const namespaces = [...new Set(entries.map((entry) => entry.i18nNamespace))];
  const { t, ready } = useTranslation(namespaces.length > 0 ? namespaces : 'portal', {
    useSuspense: false,
  });
  if (!ready) return null;
  return entries.map((entry) => (
    <li key={`${entry.id}-${entry.variant ?? ''}`}>
      <Link to={contractActionPath(entry, versicherungsNummer, partnerNummer)}>
        {t(entry.forContracts?.actionKey ?? '', {
          ns: entry.i18nNamespace,
          versicherungsNummer,
        })}
      </Link>
    </li>
  ));
}
