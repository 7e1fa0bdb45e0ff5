import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { serviceActions } from '../flows/contractActions.ts';
import { today } from '../platform/clock.ts';
import { ContractActionItems } from './ContractActions.tsx';
import { productName } from './ContractSummary.tsx';
import { fetchContract, fetchOwnContracts } from './contractsApi.ts';

/** A service the customer portal has a page for; its texts are `services.<service>.*` in portal. */
export type Service = 'umzugsservice';

/**
 * A service page of the customer portal (the moving service): what the service does, then for each
 * of the signed-in customer's contracts the flows that declare the service (`forContracts.services`)
 * and apply to that contract today, as links. Which flows those are is data: nothing here names one.
 */
export function ServicePage({ brand, service }: { brand: string; service: Service }) {
  const { t } = useTranslation('portal');
  const title = t(`services.${service}.title`);
  const heading = usePageHeading(title);
  const list = useQuery({ queryKey: ['portal', 'vertraege'], queryFn: fetchOwnContracts });
  const details = useQueries({
    queries: (list.data ?? []).map((item) => ({
      queryKey: ['portal', 'vertraege', item.versicherungsNummer],
      queryFn: () => fetchContract(item.versicherungsNummer),
    })),
  });
  const loaded = list.data !== undefined && details.every((detail) => detail.data !== undefined);
  const offers = details
    .map((detail) => detail.data)
    .filter((contract) => contract !== undefined)
    .map((contract) => ({
      contract,
      entries: serviceActions(
        brand,
        service,
        contract as unknown as Record<string, unknown>,
        today(),
      ),
    }))
    .filter((offer) => offer.entries.length > 0);
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(`services.${service}.intro`)}</p>
      <ul>
        {Object.values(
          t(`services.${service}.points`, { returnObjects: true }) as Record<string, string>,
        ).map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <h2>{t('services.contractsHeadline')}</h2>
      <QueryStatus query={list} loadError={t('contracts.loadError')} />
      {details.some((detail) => detail.isError) ? (
        <p role="alert">{t('contracts.loadError')}</p>
      ) : null}
      {loaded && offers.length === 0 ? (
        <p>
          {t(`services.${service}.none`)} <Link to="/kunden/kontakt">{t('services.contact')}</Link>
        </p>
      ) : null}
      {offers.length > 0 ? (
        <ul className="card-list">
          {offers.map(({ contract, entries }) => (
            <li key={contract.versicherungsNummer} className="card">
              <h3 className="card__title">
                {t('services.contract', {
                  produkt: productName(t, contract),
                  versicherungsNummer: contract.versicherungsNummer,
                })}
              </h3>
              <ul className="action-list">
                <ContractActionItems
                  entries={entries}
                  versicherungsNummer={contract.versicherungsNummer}
                />
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
