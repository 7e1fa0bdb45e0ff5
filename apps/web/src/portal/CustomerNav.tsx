import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { fetchUnread } from './postfachApi.ts';

/**
 * The customer portal's navigation (the current page marked): overview, contracts, claims, the
 * Postfach with the number of unread messages, the customer's data and contact.
 */
export function CustomerNav() {
  const { t } = useTranslation('portal');
  const unread = useQuery({
    queryKey: ['portal', 'postfach', 'ungelesen'],
    queryFn: () => fetchUnread(),
    staleTime: 60_000,
  });
  const count = unread.data?.anzahl ?? 0;
  return (
    <nav className="portal-nav" aria-label={t('nav.customerLabel')}>
      <ul>
        <li>
          <NavLink to="/kunden" end>
            {t('nav.start')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/kunden/vertraege">{t('nav.contracts')}</NavLink>
        </li>
        <li>
          <NavLink to="/kunden/schaeden">{t('nav.claims')}</NavLink>
        </li>
        <li>
          <NavLink to="/kunden/postfach">
            {count > 0 ? t('nav.postfachUnread', { count }) : t('nav.postfach')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/kunden/kundendaten">{t('nav.kundendaten')}</NavLink>
        </li>
        <li>
          <NavLink to="/kunden/kontakt">{t('nav.kontakt')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
