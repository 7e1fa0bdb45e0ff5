import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The customer portal's navigation: contracts, claims and Postfach (the current page marked). */
export function CustomerNav() {
  const { t } = useTranslation('portal');
  return (
    <nav className="portal-nav" aria-label={t('nav.customerLabel')}>
      <ul>
        <li>
          <NavLink to="/kunden/vertraege">{t('nav.contracts')}</NavLink>
        </li>
        <li>
          <NavLink to="/kunden/schaeden">{t('nav.claims')}</NavLink>
        </li>
        <li>
          <NavLink to="/kunden/postfach">{t('nav.postfach')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
