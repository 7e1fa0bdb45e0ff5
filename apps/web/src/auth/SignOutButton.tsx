import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from './authStore.ts';
import { PORTAL_PATHS, portalOfPath, type Portal } from './pools.ts';

/** "Abmelden" in the header while the portal (by default the current page's) is signed in. */
export function SignOutButton({ portal: given }: { portal?: Portal } = {}) {
  const { t } = useTranslation('common');
  const { state, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const portal = given ?? portalOfPath(location.pathname);
  if (!portal || state[portal].status !== 'signedIn') return null;
  return (
    <button
      type="button"
      className="button button--secondary sign-out"
      onClick={() => void signOut(portal).then(() => navigate(PORTAL_PATHS[portal].login))}
    >
      {t('auth.signOut')}
    </button>
  );
}
