import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { ContractSummary, productName } from './ContractSummary.tsx';
import { fetchOwnContracts } from './contractsApi.ts';
import { ContractTasks } from './ContractTasks.tsx';
import { DEFAULT_BRAND } from '../config/brand.ts';

/**
 * Kundenportal "vertraege", the customer's dashboard: the signed-in customer's contracts, each
 * linking to its details, with its open tasks (confirm the revenue by a date).
 */
export function ContractsPage({ brand = DEFAULT_BRAND }: { brand?: string }) {
  const { t } = useTranslation('portal');
  const title = t('contracts.title');
  const heading = usePageHeading(title);
  const query = useQuery({
    queryKey: ['portal', 'vertraege'],
    queryFn: fetchOwnContracts,
    refetchOnMount: 'always',
  });
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <QueryStatus query={query} loadError={t('contracts.loadError')} />
      {query.data && query.data.length === 0 ? <p>{t('contracts.empty')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="card-list">
          {query.data.map((contract) => (
            <li key={contract.versicherungsNummer} className="card">
              <h2 className="card__title">
                <Link to={`/kunden/vertraege/${encodeURIComponent(contract.versicherungsNummer)}`}>
                  {productName(t, contract)}
                </Link>
              </h2>
              <ContractSummary contract={contract} />
              <ContractTasks
                brand={brand}
                versicherungsNummer={contract.versicherungsNummer}
                tasks={contract.offeneAufgaben ?? []}
                headingLevel={3}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
