import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Figure } from '#renderer';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { formatDate } from '../portal/format.ts';
import { fetchCustomers, matchesName } from './agentApi.ts';
import { fullName } from './names.ts';

/** Vermittlerportal "kundenbestand": the agency's customers with a name filter. */
export function CustomerBasePage() {
  const { t } = useTranslation('portal');
  const title = t('agent.customers.title');
  const heading = usePageHeading(title);
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const query = useQuery({ queryKey: ['vermittler', 'kunden'], queryFn: fetchCustomers });
  const shown = useMemo(
    () => (query.data ?? []).filter((customer) => matchesName(customer, filter)),
    [query.data, filter],
  );
  const total = query.data?.length ?? 0;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <QueryStatus query={query} loadError={t('agent.customers.loadError')} />
      {query.data && total === 0 ? <p>{t('agent.customers.empty')}</p> : null}
      {query.data && total > 0 ? (
        <>
          <div className="field filter">
            <label className="field__label" htmlFor={filterId}>
              {t('agent.customers.filterLabel')}
            </label>
            <input
              id={filterId}
              className="input"
              type="search"
              autoComplete="off"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          <p role="status" className="result-count">
            {filter.trim()
              ? t('agent.customers.filtered', { count: shown.length, total })
              : t('agent.customers.count', { count: total })}
          </p>
          {shown.length > 0 ? (
            <div className="table-scroll">
              <table className="data-table">
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('agent.customers.columns.name')}</th>
                    <th scope="col">{t('agent.customers.columns.birthDate')}</th>
                    <th scope="col">{t('agent.customers.columns.place')}</th>
                    <th scope="col">{t('agent.customers.columns.contracts')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((customer) => (
                    <tr key={customer.partnerNummer}>
                      <th scope="row">
                        <Link
                          to={`/vermittler/kunde/${encodeURIComponent(customer.partnerNummer)}`}
                        >
                          {fullName(customer)}
                        </Link>
                      </th>
                      <td>
                        <Figure>{formatDate(customer.geburtsdatum)}</Figure>
                      </td>
                      <td>{`${customer.plz} ${customer.ort}`.trim()}</td>
                      <td>{customer.anzahlVertraege}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
