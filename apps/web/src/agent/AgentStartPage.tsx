import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { fetchClaims } from '../portal/claimsApi.ts';
import { fetchUnread } from '../portal/postfachApi.ts';
import { fetchCustomers, fetchDrafts, fetchProfile } from './agentApi.ts';

/**
 * Vermittlerportal start page after sign-in: a greeting with the agency, then the customer base,
 * the open drafts, the unread messages and the customers' claims as figures, each leading to its
 * page, and the agent's other pages.
 */
export function AgentStartPage() {
  const { t } = useTranslation('portal');
  const profile = useQuery({ queryKey: ['vermittler', 'profil'], queryFn: fetchProfile });
  const customers = useQuery({ queryKey: ['vermittler', 'kunden'], queryFn: fetchCustomers });
  const drafts = useQuery({ queryKey: ['vermittler', 'entwuerfe'], queryFn: fetchDrafts });
  const unread = useQuery({
    queryKey: ['portal', 'postfach', 'vermittler', 'ungelesen'],
    queryFn: () => fetchUnread('vermittler'),
  });
  const claims = useQuery({ queryKey: ['portal', 'schaeden'], queryFn: fetchClaims });
  const heading = usePageHeading(t('agentStart.title'));
  const title = profile.data
    ? t('agentStart.greeting', { name: profile.data.name, agentur: profile.data.agentur.name })
    : t('agentStart.title');
  const stats: { to: string; label: string; query: { data?: unknown[] | { anzahl: number } } }[] = [
    { to: '/vermittler/kundenbestand', label: t('agentStart.customers'), query: customers },
    { to: '/vermittler/entwuerfe', label: t('agentStart.drafts'), query: drafts },
    { to: '/vermittler/nachrichten/eingang', label: t('agentStart.unread'), query: unread },
    { to: '/vermittler/schaeden', label: t('agentStart.claims'), query: claims },
  ];
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <QueryStatus query={profile} loadError={t('agentStart.loadError')} />
      <ul className="stat-grid">
        {stats.map(({ to, label, query }) => {
          const data = query.data;
          const value = Array.isArray(data) ? data.length : data?.anzahl;
          return (
            <li key={to} className="stat">
              <Link to={to}>
                <span className="stat__value">{value ?? '–'}</span> {label}
              </Link>
            </li>
          );
        })}
      </ul>
      <h2>{t('agentStart.more')}</h2>
      <ul className="action-list">
        <li>
          <Link to="/vermittler/vertraege">{t('nav.agentContracts')}</Link>
        </li>
        <li>
          <Link to="/vermittler/untervermittler">{t('nav.subAgents')}</Link>
        </li>
        <li>
          <Link to="/vermittler/agentur">{t('nav.agency')}</Link>
        </li>
        <li>
          <Link to="/vermittler/kundendaten">{t('nav.agentProfile')}</Link>
        </li>
        <li>
          <Link to="/vermittler/haeufige-fragen">{t('nav.agentFaq')}</Link>
        </li>
      </ul>
    </section>
  );
}
