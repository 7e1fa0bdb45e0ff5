import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { fetchClaims } from './claimsApi.ts';
import { fetchOwnContracts } from './contractsApi.ts';
import { fetchKundendaten } from './kundendatenApi.ts';
import { fetchUnread } from './postfachApi.ts';
import { SavedApplications } from './SavedApplications.tsx';

/**
 * Kundenportal start page after sign-in: a greeting, then the customer's contracts (how many are
 * active), the open tasks, the unread messages and the claims, each leading to its page.
 */
export function StartPage() {
  const { t } = useTranslation('portal');
  const person = useQuery({ queryKey: ['portal', 'kundendaten'], queryFn: fetchKundendaten });
  const contracts = useQuery({
    queryKey: ['portal', 'vertraege'],
    queryFn: fetchOwnContracts,
    refetchOnMount: 'always',
  });
  const unread = useQuery({
    queryKey: ['portal', 'postfach', 'ungelesen'],
    queryFn: () => fetchUnread(),
  });
  const claims = useQuery({ queryKey: ['portal', 'schaeden'], queryFn: fetchClaims });
  const name = person.data
    ? (person.data.firmenname ?? `${person.data.vorname} ${person.data.nachname}`)
    : undefined;
  const title = name ? t('start.greeting', { name }) : t('start.title');
  const heading = usePageHeading(t('start.title'));
  const list = contracts.data ?? [];
  const active = list.filter(
    (c) => c.vertragsstatus === 'LAUFEND' || c.vertragsstatus === 'AUSLAUFEND',
  );
  const tasks = list.flatMap((c) => c.offeneAufgaben ?? []);
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <ul className="card-list start-cards">
        <li className="card">
          <h2 className="card__title">
            <Link to="/kunden/vertraege">{t('start.contracts')}</Link>
          </h2>
          <QueryStatus query={contracts} loadError={t('contracts.loadError')} />
          {contracts.data ? (
            <p>{t('start.contractsCount', { count: list.length, active: active.length })}</p>
          ) : null}
        </li>
        <li className="card">
          <h2 className="card__title">{t('start.tasks')}</h2>
          {contracts.data ? (
            tasks.length === 0 ? (
              <p>{t('start.noTasks')}</p>
            ) : (
              <p>
                {t('start.tasksCount', { count: tasks.length })}{' '}
                <Link to="/kunden/vertraege">{t('start.tasksLink')}</Link>
              </p>
            )
          ) : null}
        </li>
        <li className="card">
          <h2 className="card__title">
            <Link to="/kunden/postfach/eingang">{t('start.postfach')}</Link>
          </h2>
          <QueryStatus query={unread} loadError={t('postfach.loadError')} />
          {unread.data ? <p>{t('start.unreadCount', { count: unread.data.anzahl })}</p> : null}
          <p>
            <Link to="/kunden/nachricht">{t('postfach.write')}</Link>
          </p>
        </li>
        <li className="card">
          <h2 className="card__title">
            <Link to="/kunden/schaeden">{t('start.claims')}</Link>
          </h2>
          <QueryStatus query={claims} loadError={t('start.claimsError')} />
          {claims.data ? <p>{t('start.claimsCount', { count: claims.data.length })}</p> : null}
          <p>
            <Link to="/schaden-melden">{t('start.reportClaim')}</Link>
          </p>
        </li>
      </ul>
      <SavedApplications />
      <h2>{t('start.more')}</h2>
      <ul className="action-list">
        <li>
          <Link to="/kunden/kundendaten">{t('start.kundendaten')}</Link>
        </li>
        <li>
          <Link to="/kunden/umzugsservice">{t('services.umzugsservice.title')}</Link>
        </li>
        <li>
          <Link to="/kunden/kontakt">{t('start.kontakt')}</Link>
        </li>
      </ul>
    </section>
  );
}
