import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './authStore.ts';
import { PORTAL_PATHS, RETURN_PARAM, type Portal } from './pools.ts';
import { SessionTimeout } from './SessionTimeout.tsx';

/**
 * Guards a portal page: the session is checked on every visit (an expired access token forces a
 * refresh); a signed-out user goes to the portal's log-in and comes back here afterwards.
 */
export function RequireAuth({ portal, children }: { portal: Portal; children: ReactNode }) {
  const { t } = useTranslation('common');
  const { check } = useAuth();
  const location = useLocation();
  const [result, setResult] = useState<'checking' | 'in' | 'out'>('checking');

  // Checked again on every visit, but what is shown stays mounted meanwhile: a wizard inside keeps
  // its state and focus from step to step; only a failed check replaces it by the log-in.
  useEffect(() => {
    let active = true;
    void check(portal).then((signedIn) => {
      if (active) setResult(signedIn ? 'in' : 'out');
    });
    return () => {
      active = false;
    };
  }, [check, portal, location.pathname]);

  if (result === 'checking') return <p role="status">{t('auth.loading')}</p>;
  if (result === 'out') {
    const target = `${location.pathname}${location.search}`;
    return (
      <Navigate
        replace
        to={`${PORTAL_PATHS[portal].login}?${RETURN_PARAM}=${encodeURIComponent(target)}`}
      />
    );
  }
  return (
    <>
      <SessionTimeout portal={portal} />
      {children}
    </>
  );
}
