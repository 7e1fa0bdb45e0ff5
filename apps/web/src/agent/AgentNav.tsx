import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The agent portal's navigation: customer base and drafts (the current page marked). */
export function AgentNav() {
  const { t } = useTranslation('portal');
  return (
    <nav className="portal-nav" aria-label={t('nav.agentLabel')}>
      <ul>
        <li>
          <NavLink to="/vermittler/kundenbestand">{t('nav.customerBase')}</NavLink>
        </li>
        <li>
          <NavLink to="/vermittler/entwuerfe">{t('nav.drafts')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
