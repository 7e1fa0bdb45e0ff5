import { useQuery } from '@tanstack/react-query';
import { FactList } from '../pages/FactList.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { isNotFound } from '../portal/api.ts';
import { ContractSummary, productName } from '../portal/ContractSummary.tsx';
import { formatDate } from '../portal/format.ts';
import { addressLine } from '../portal/pendingChanges.ts';
import { fetchCustomer, type AgentCustomer } from './agentApi.ts';
import { fullName } from './names.ts';

/** The flows an agent can start for a customer, by route segment (registered by the flow list). */
const APPLICATIONS = [{ flow: 'fahrrad', label: 'agent.customer.applyBike' }] as const;

function CustomerFacts({ customer }: { customer: AgentCustomer }) {
  const { t } = useTranslation('portal');
  const rows: [string, string][] = [
    [t('agent.customer.partnerNummer'), customer.partnerNummer],
    [t('agent.customer.birthDate'), formatDate(customer.geburtsdatum)],
    [t('agent.customer.address'), addressLine(customer.adresse, t)],
    [t('agent.customer.email'), customer.email ?? ''],
    [t('agent.customer.phone'), customer.telefon ?? ''],
  ];
  return <FactList rows={rows} missing={t('agent.customer.missing')} />;
}

/** Vermittlerportal "kunde": one customer of the agency with data, contracts and applications. */
export function AgentCustomerPage() {
  const { t } = useTranslation('portal');
  const { partnerNummer = '' } = useParams();
  const query = useQuery({
    queryKey: ['vermittler', 'kunden', partnerNummer],
    queryFn: () => fetchCustomer(partnerNummer),
  });
  const notFound = query.isError && isNotFound(query.error);
  const customer = query.data;
  const title = notFound
    ? t('agent.customer.notFoundTitle')
    : customer
      ? fullName(customer)
      : t('agent.customer.title', { partnerNummer });
  const heading = usePageHeading(title);
  const base = `/vermittler/kunde/${encodeURIComponent(partnerNummer)}`;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <QueryStatus
        query={query}
        loadError={t('agent.customer.loadError')}
        notFound={t('agent.customer.notFoundText')}
      />
      {customer ? (
        <>
          <p className="wizard-actions">
            {APPLICATIONS.map((application) => (
              <Link
                key={application.flow}
                className="button"
                to={`${base}/antrag/${application.flow}`}
              >
                {t(application.label)}
              </Link>
            ))}
          </p>
          <h2>{t('agent.customer.dataTitle')}</h2>
          <CustomerFacts customer={customer} />
          <h2>{t('agent.customer.contractsTitle')}</h2>
          {customer.vertraege.length === 0 ? (
            <p>{t('agent.customer.noContracts')}</p>
          ) : (
            <ul className="card-list">
              {customer.vertraege.map((contract) => (
                <li key={contract.versicherungsNummer} className="card">
                  <h3 className="card__title">{productName(t, contract)}</h3>
                  <ContractSummary contract={contract} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      <p>
        <Link to="/vermittler/kundenbestand">{t('agent.customer.back')}</Link>
      </p>
    </section>
  );
}
