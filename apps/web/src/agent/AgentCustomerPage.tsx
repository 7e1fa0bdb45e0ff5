import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FactList } from '../pages/FactList.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { isNotFound } from '../portal/api.ts';
import { ContractSummary, productName } from '../portal/ContractSummary.tsx';
import { formatDate } from '../portal/format.ts';
import { formatPhone } from '../portal/phoneFormat.ts';
import { addressLine } from '../portal/pendingChanges.ts';
import { fetchCustomer, type AgentCustomer } from './agentApi.ts';
import { fullName } from './names.ts';
import { applicationEntries, fillRoute, productNameKeys } from '../flows/flowIndex.ts';
import { contractActions } from '../flows/contractActions.ts';
import { today } from '../platform/clock.ts';
import { ContractActionItems } from '../portal/ContractActions.tsx';
import type { ContractListItem } from '../portal/contractsApi.ts';
import { EmailAddress, Figure } from '#renderer';

/** The applications an agent can start for the customer: every agent variant of the customer's brand. */
function Applications({ customer }: { customer: AgentCustomer }) {
  const { t } = useTranslation('portal');
  const entries = applicationEntries(customer.marke, 'agent');
  if (entries.length === 0) return <p>{t('agent.customer.noApplications')}</p>;
  return (
    <ul className="link-list" aria-label={t('agent.customer.applicationsTitle')}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Link
            className="button"
            to={fillRoute(entry.baseRoute, { partnerNummer: customer.partnerNummer })}
          >
            {t('agent.customer.apply', { product: t(productNameKeys(entry)) })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The flows an agent can start for one of the customer's contracts (a change of tariff). */
function ContractActions({
  customer,
  contract,
}: {
  customer: AgentCustomer;
  contract: ContractListItem;
}) {
  const { t } = useTranslation('portal');
  const entries = contract.aktiv
    ? contractActions(
        customer.marke,
        'agent',
        contract as unknown as Record<string, unknown>,
        today(),
      )
    : [];
  if (entries.length === 0) return null;
  return (
    <ul
      className="link-list"
      aria-label={t('agent.customer.contractActions', { nummer: contract.versicherungsNummer })}
    >
      <ContractActionItems
        entries={entries}
        versicherungsNummer={contract.versicherungsNummer}
        partnerNummer={customer.partnerNummer}
      />
    </ul>
  );
}

function CustomerFacts({ customer }: { customer: AgentCustomer }) {
  const { t } = useTranslation('portal');
  const rows: [string, ReactNode][] = [
    [t('agent.customer.partnerNummer'), customer.partnerNummer],
    [t('agent.customer.birthDate'), <Figure>{formatDate(customer.geburtsdatum)}</Figure>],
    [t('agent.customer.address'), addressLine(customer.adresse, t)],
    [t('agent.customer.email'), customer.email ? <EmailAddress address={customer.email} /> : ''],
    [
      t('agent.customer.phone'),
      customer.telefon ? <Figure>{formatPhone(customer.telefon)}</Figure> : '',
    ],
  ];
  return <FactList rows={rows} missing={t('agent.customer.missing')} />;
}

/**
 * Vermittlerportal "kunde": one customer of the agency with data, contracts (with the flows offered
 * for each, such as a change of tariff) and applications.
 */
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
          <h2>{t('agent.customer.applicationsTitle')}</h2>
          <Applications customer={customer} />
          <h2>{t('agent.customer.dataTitle')}</h2>
          <CustomerFacts customer={customer} />
          <h2>{t('agent.customer.contractsTitle')}</h2>
          {customer.vertraege.length === 0 ? (
            <p>{t('agent.customer.noContracts')}</p>
          ) : (
            <ul className="card-list">
              {customer.vertraege.map((contract) => (
                <li key={contract.versicherungsNummer} className="card">
                  <h3 className="card__title">
                    <Link
                      to={`/vermittler/vertraege/${encodeURIComponent(contract.versicherungsNummer)}`}
                    >
                      {productName(t, contract)}
                    </Link>
                  </h3>
                  <ContractSummary contract={contract} />
                  <ContractActions customer={customer} contract={contract} />
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
