import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUnread } from './postfachApi.ts';
import { PortalNav } from '../layout/PortalNav.tsx';

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
    <PortalNav
      label={t('nav.customerLabel')}
      links={[
        { to: '/kunden', label: t('nav.start'), end: true },
        { to: '/kunden/vertraege', label: t('nav.contracts') },
        { to: '/kunden/schaeden', label: t('nav.claims') },
        {
          to: '/kunden/postfach',
          label: count > 0 ? t('nav.postfachUnread', { count }) : t('nav.postfach'),
        },
        { to: '/kunden/kundendaten', label: t('nav.kundendaten') },
        { to: '/kunden/kontakt', label: t('nav.kontakt') },
      ]}
    />
  );
}
