import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageCrumb } from './pageCrumb.ts';

/**
 * The trail of a portal page ("Kundenportal › Verträge › AS-10000101"), from its path: each
 * segment with a label in the portal texts (`breadcrumbs.<segment>`) is a step back up, the last
 * segment is the page itself, named by its heading (a customer's name, not the customer number
 * of the address; the segment as it is until the page has one). Segments without a label (no
 * page of their own) are left out. The portal's start page has no trail.
 */
export function Breadcrumbs() {
  const { t, i18n } = useTranslation('portal');
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  const heading = usePageCrumb(pathname);
  if (segments.length < 2) return null;
  const crumbs: { to: string; label: string }[] = [];
  segments.forEach((segment, index) => {
    const to = `/${segments.slice(0, index + 1).join('/')}`;
    const key = `breadcrumbs.${segment}`;
    const last = index === segments.length - 1;
    if (last && heading) crumbs.push({ to, label: heading });
    else if (i18n.exists(key, { ns: 'portal' })) crumbs.push({ to, label: t(key) });
    else if (last) crumbs.push({ to, label: decodeURIComponent(segment) });
  });
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.to} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.to}>
              <Link to={crumb.to}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
