import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import {
  PORTAL_PATHS,
  portalOfPath,
  remembersSignIn,
  SignOutButton,
  useAuth,
  type Portal,
} from '../auth/index.ts';
import { claimEntries } from '../flows/flowIndex.ts';
import { brandAssetUrl } from '../config/brand.ts';
import { fetchUnread } from '../portal/postfachApi.ts';
import { useDisclosure } from './useDisclosure.ts';

/** Where each portal keeps its messages. */
const MESSAGES: Record<Portal, string> = {
  benutzer: '/kunden/postfach',
  vermittler: '/vermittler/nachrichten',
};

/** The unread messages of a signed-in portal (the portal navigation asks the same query). */
function useUnread(portal: Portal, signedIn: boolean): number {
  const unread = useQuery({
    queryKey:
      portal === 'benutzer'
        ? ['portal', 'postfach', 'ungelesen']
        : ['portal', 'postfach', 'vermittler', 'ungelesen'],
    queryFn: () => fetchUnread(portal),
    staleTime: 60_000,
    enabled: signedIn,
  });
  return unread.data?.anzahl ?? 0;
}

/**
 * The sign-in state of the page's portal (the customer portal on public pages): the messages with
 * their unread count, the overview and "Abmelden"; signed out, a link to sign in. Portal pages check
 * the session themselves; a public page opened anew checks it only when the browser remembers a
 * sign-in, so visitors who never signed in do not load the sign-in library for the header.
 */
function Account() {
  const { t } = useTranslation();
  const location = useLocation();
  const { state, check } = useAuth();
  const publicPage = portalOfPath(location.pathname) === null;
  const portal = portalOfPath(location.pathname) ?? 'benutzer';
  const status = state[portal].status;
  useEffect(() => {
    if (publicPage && status === 'unknown' && remembersSignIn())
      void check(portal).catch(() => undefined);
  }, [publicPage, status, portal, check]);
  const signedIn = status === 'signedIn';
  const count = useUnread(portal, signedIn);
  if (!signedIn)
    return (
      <div id="site-account" className="site-header__account">
        <Link to={PORTAL_PATHS[portal].login}>{t(`site.signIn.${portal}`)}</Link>
      </div>
    );
  return (
    <div id="site-account" className="site-header__account">
      <Link to={PORTAL_PATHS[portal].home}>{t(`site.overview.${portal}`)}</Link>
      <Link to={MESSAGES[portal]}>
        {t('site.messages')}
        {count > 0 ? (
          <>
            {' '}
            <span className="badge" aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">{t('site.unread', { count })}</span>
          </>
        ) : null}
      </Link>
      <SignOutButton portal={portal} />
    </div>
  );
}

/**
 * The page header: the brand's logo (a link home), the sign-in state and the site navigation to
 * insurance lines, the claim report, both portals and help; on a narrow screen the sign-in state
 * and the navigation fold behind a "Menü" button beside the logo, which Escape closes.
 */
export function SiteHeader({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation();
  const { open, toggle, buttonRef } = useDisclosure();
  const claim = claimEntries(brand.id)[0];
  return (
    <header className="site-header" data-menu-open={open}>
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo">
          <img src={brandAssetUrl(brand.design.logo)} alt="" width="160" height="48" />
          <span className="visually-hidden">{t('site.home', { brand: brand.name })}</span>
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="button button--secondary site-header__menu"
          aria-expanded={open}
          aria-controls="site-account site-nav-list"
          onClick={toggle}
        >
          {t('site.menu')}
        </button>
        <Account />
      </div>
      <nav className="site-nav" aria-label={t('site.navLabel')}>
        <ul id="site-nav-list" className="site-nav__list">
          <li>
            <Link to="/#versicherungen">{t('site.nav.products')}</Link>
          </li>
          {claim ? (
            <li>
              <NavLink to={claim.baseRoute}>{t('site.nav.claim')}</NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to="/kunden">{t('site.nav.customerPortal')}</NavLink>
          </li>
          <li>
            <NavLink to="/vermittler">{t('site.nav.agentPortal')}</NavLink>
          </li>
          <li>
            <NavLink to="/haeufige-fragen">{t('site.nav.help')}</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
