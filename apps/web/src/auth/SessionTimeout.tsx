import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from './authStore.ts';
import { PORTAL_PATHS, RETURN_PARAM, type Portal } from './pools.ts';

/** How long before the expiry the warning shows (at least 2 minutes, QUALITY.md). */
export const WARN_BEFORE_MS = 3 * 60 * 1000;

/** An expiry timer firing later than this did not run on time (sleep, clock change). */
const LATE_MS = 30 * 1000;

/**
 * Warns before the session expires and offers to extend it (a forced refresh). Ignored while
 * the page is open, it signs the user out at expiry and sends them to the log-in with the page to return to; wizard
 * answers stay in the tab's storage, so nothing typed is lost.
 */
export function SessionTimeout({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { state, check, extend, signOut } = useAuth();
  const navigate = useNavigate();
  const [warning, setWarning] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Where focus was when the warning opened: it goes back there once the session is extended.
  const returnTo = useRef<HTMLElement | null>(null);
  const current = state[portal];
  const expiresAt = current.status === 'signedIn' ? current.expiresAt : null;

  useEffect(() => {
    setWarning(false);
    if (expiresAt === null) return undefined;
    const warnIn = Math.max(0, expiresAt - WARN_BEFORE_MS - Date.now());
    const expireIn = Math.max(0, expiresAt - Date.now());
    const warnTimer = window.setTimeout(() => setWarning(true), warnIn);
    const expireTimer = window.setTimeout(() => {
      // Fired late (the device slept, the clock jumped): nobody saw the warning, so the spec's
      // rule applies instead: the expired token forces a refresh, sign-out only without a user.
      if (Date.now() - expiresAt > LATE_MS) {
        void check(portal);
        return;
      }
      const target = `${window.location.pathname}${window.location.search}`;
      void signOut(portal).then(() =>
        navigate(
          `${PORTAL_PATHS[portal].login}?${RETURN_PARAM}=${encodeURIComponent(target)}&abgelaufen=1`,
        ),
      );
    }, expireIn);
    return () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(expireTimer);
    };
  }, [expiresAt, portal, signOut, check, navigate]);

  useEffect(() => {
    if (warning) {
      const active = document.activeElement;
      returnTo.current =
        active instanceof HTMLElement && active !== document.body
          ? active
          : document.getElementById('main');
      buttonRef.current?.focus();
      return;
    }
    const target = returnTo.current;
    returnTo.current = null;
    if (target) (target.isConnected ? target : document.getElementById('main'))?.focus();
  }, [warning]);

  if (!warning || expiresAt === null) return null;
  const time = new Date(expiresAt).toLocaleTimeString('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <div
      className="session-timeout"
      role="alertdialog"
      aria-labelledby="session-timeout-title"
      aria-describedby="session-timeout-text"
    >
      <h2 id="session-timeout-title">{t('auth.timeout.title')}</h2>
      <p id="session-timeout-text">{t('auth.timeout.text', { time })}</p>
      <div className="wizard-actions">
        <button
          ref={buttonRef}
          type="button"
          className="button"
          onClick={() => void extend(portal)}
        >
          {t('auth.timeout.extend')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void signOut(portal).then(() => navigate(PORTAL_PATHS[portal].login))}
        >
          {t('auth.timeout.signOut')}
        </button>
      </div>
    </div>
  );
}
