import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { formatDate, formatDateTime } from './format.ts';
import { continueRoute, fetchSavedApplications, flowNamespace } from './savedApi.ts';

/** The start page's "Gespeicherte Anträge": each saved application with a link to continue it. */
export function SavedApplications() {
  const { t, i18n } = useTranslation('portal');
  const saved = useQuery({
    queryKey: ['portal', 'gespeicherte-antraege'],
    queryFn: fetchSavedApplications,
    refetchOnMount: 'always',
  });
  const namespaces = [
    ...new Set((saved.data ?? []).map((s) => flowNamespace(s.flow)).filter((n) => n)),
  ] as string[];
  const { t: flowT } = useTranslation(namespaces);
  return (
    <section className="saved-applications" aria-labelledby="saved-applications-title">
      <h2 id="saved-applications-title">{t('start.saved')}</h2>
      <QueryStatus query={saved} loadError={t('start.savedError')} />
      {saved.data?.length === 0 ? <p>{t('start.savedNone')}</p> : null}
      {saved.data && saved.data.length > 0 ? (
        <ul className="action-list">
          {saved.data.map((item) => {
            const route = continueRoute(item);
            const ns = flowNamespace(item.flow);
            const title = ns && i18n.exists('title', { ns }) ? flowT('title', { ns }) : item.flow;
            return (
              <li key={item.id}>
                {route ? <Link to={route}>{t('start.savedContinue', { title })}</Link> : title}{' '}
                <span className="hint">
                  {t('start.savedUntil', {
                    saved: formatDateTime(item.aktualisiert),
                    until: formatDate(item.gueltigBis),
                  })}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
