import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FactList } from '../pages/FactList.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Figure } from '#renderer';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { DEFAULT_BRAND } from '../config/brand.ts';
import { contractActions } from '../flows/contractActions.ts';
import { today } from '../platform/clock.ts';
import { isNotFound } from './api.ts';
import { ContractActionItems } from './ContractActions.tsx';
import { ContractDocuments } from './ContractDocuments.tsx';
import { ContractTasks } from './ContractTasks.tsx';
import { ChangeHistory, PendingChanges } from './ChangeHistory.tsx';
import { productName, statusLabel } from './ContractSummary.tsx';
import { fetchContract, type Contract } from './contractsApi.ts';
import { formatDate, formatAmount, ibanEnding, maskIban } from './format.ts';
import { addressLine, type Translate } from './pendingChanges.ts';

/** The facts of a contract: product, number, status, dates, premium, bank account, place. */
export function Facts({ contract, t }: { contract: Contract; t: Translate }) {
  const rows: [string, ReactNode][] = [
    [t('contract.product'), productName(t, contract)],
    [t('contract.number'), contract.versicherungsNummer],
    [t('contract.status'), statusLabel(t, contract.vertragsstatus)],
    [t('contract.begin'), <Figure>{formatDate(contract.vertragsBeginn)}</Figure>],
    [t('contract.premium'), <Figure>{formatAmount(contract.versicherungsPraemie)}</Figure>],
    [
      t('contract.paymentPeriod'),
      t(`zahlweise.${contract.zahlweise}`, { defaultValue: contract.zahlweise }),
    ],
    [
      t('contract.bankAccount'),
      contract.bankverbindung?.iban ? (
        <>
          <span aria-hidden="true" className="iban">
            {maskIban(contract.bankverbindung.iban)}
          </span>
          <span className="visually-hidden">
            {t('contract.ibanEnding', { ende: ibanEnding(contract.bankverbindung.iban) })}
          </span>
        </>
      ) : (
        t('contract.noBankAccount')
      ),
    ],
  ];
  if (contract.risikoOrt)
    rows.push([t('contract.riskLocation'), addressLine(contract.risikoOrt, t)]);
  return <FactList rows={rows} />;
}

/**
 * The changes this contract allows, from the flow index (each flow's forContracts offer decides:
 * products, status, flags), or a sentence saying there are none.
 */
function ContractChanges({
  brand,
  contract,
  t,
}: {
  brand: string;
  contract: Contract;
  t: Translate;
}) {
  const entries = contractActions(
    brand,
    'customer',
    contract as unknown as Record<string, unknown>,
    today(),
  );
  return (
    <>
      <h2>{t('selfService.title')}</h2>
      {entries.length === 0 ? (
        <p>{t('selfService.none')}</p>
      ) : (
        <ul className="action-list">
          <ContractActionItems
            entries={entries}
            versicherungsNummer={contract.versicherungsNummer}
          />
        </ul>
      )}
    </>
  );
}

/**
 * Kundenportal "vertraege/detail": one contract's facts, pending changes, documents (PDFs, fetched
 * with the session and saved), self-service links and the flows offered for contracts of its product under
 * the brand (a change of tariff).
 */
export function ContractDetailPage({ brand = DEFAULT_BRAND }: { brand?: string }) {
  const { t } = useTranslation('portal');
  const { versicherungsNummer = '' } = useParams();
  const query = useQuery({
    queryKey: ['portal', 'vertraege', versicherungsNummer],
    queryFn: () => fetchContract(versicherungsNummer),
    // A change made in a self-service flow must show at once, not after the cache's stale time.
    refetchOnMount: 'always',
  });
  const notFound = query.isError && isNotFound(query.error);
  const title = notFound
    ? t('contract.notFoundTitle')
    : t('contract.title', { nummer: versicherungsNummer });
  const heading = usePageHeading(title);
  const contract = query.data;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <QueryStatus
        query={query}
        loadError={t('contract.loadError')}
        notFound={t('contract.notFoundText')}
      />
      {contract ? (
        <>
          {contract.ueberfaellig ? (
            <div className="info-box info-box--warning" role="note">
              <p className="info-box__headline">{t('overdue.title')}</p>
              <p>{t('overdue.text')}</p>
            </div>
          ) : null}
          <ContractTasks
            brand={brand}
            versicherungsNummer={contract.versicherungsNummer}
            tasks={contract.aufgaben.filter((task) => task.status === 'Offen')}
          />
          <Facts contract={contract} t={t} />
          <PendingChanges contract={contract} />
          <ChangeHistory contract={contract} />
          <ContractDocuments documents={contract.dokumente ?? []} />
          <ContractChanges brand={brand} contract={contract} t={t} />
        </>
      ) : null}
      <p>
        <Link to="/kunden/vertraege">{t('contract.back')}</Link>
      </p>
    </section>
  );
}
