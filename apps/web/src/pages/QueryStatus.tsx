import { useTranslation } from 'react-i18next';
import { InfoBox } from '#renderer';
import { isNotFound, isUnavailableError } from '../portal/api.ts';

/**
 * The states of a portal page's data before it shows: loading, not found (404, when the page has a
 * text for it) and failed to load (a 503 adds that the service is away for a moment).
 */
export function QueryStatus({
  query,
  loadError,
  notFound,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  loadError: string;
  notFound?: string;
}) {
  const { t } = useTranslation('common');
  const missing = notFound !== undefined && query.isError && isNotFound(query.error);
  return (
    <>
      {query.isPending ? <p role="status">{t('app.loading')}</p> : null}
      {missing ? <p>{notFound}</p> : null}
      {query.isError && !missing ? (
        <InfoBox tone="error">
          {isUnavailableError(query.error) ? `${loadError} ${t('errors.unavailable')}` : loadError}
        </InfoBox>
      ) : null}
    </>
  );
}
