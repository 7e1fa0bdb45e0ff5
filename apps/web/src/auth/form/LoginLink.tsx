import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORTAL_PATHS, type Portal } from '../pools.ts';

/** A paragraph with the link back to the portal's log-in. */
export function LoginLink({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  return (
    <p>
      <Link to={PORTAL_PATHS[portal].login}>{t('auth.toLogin')}</Link>
    </p>
  );
}
