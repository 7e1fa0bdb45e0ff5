import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { InfoBox } from '#renderer';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { fetchClaim, fetchClaims } from './claimsApi.ts';

const date = (iso: string): string =>
  new Date(iso).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });

/** Kundenportal "schaeden": the signed-in customer's claims, each linking to its detail. */
export function ClaimsPage() {
  const { t } = useTranslation();
  const heading = usePageHeading(t('portal.claims.title'));
  const query = useQuery({ queryKey: ['portal', 'schaeden'], queryFn: fetchClaims });
  return (
    <section>
      <h1 ref={heading} tabIndex={-1}>
        {t('portal.claims.title')}
      </h1>
      {query.isPending ? <p role="status">{t('app.loading')}</p> : null}
      {query.isError ? <InfoBox tone="error">{t('portal.claims.loadError')}</InfoBox> : null}
      {query.data && query.data.length === 0 ? <p>{t('portal.claims.empty')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="claim-list">
          {query.data.map((claim) => (
            <li key={claim.aktenId}>
              <Link to={`/kunden/schaeden/${encodeURIComponent(claim.aktenId)}`}>
                {t('portal.claims.item', {
                  aktenId: claim.aktenId,
                  datum: date(claim.schadendatum),
                })}
              </Link>{' '}
              <span>{t('portal.claims.contract', { nummer: claim.versicherungsNummer })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Kundenportal "schaeden/detail": one claim with its description and messages. */
export function ClaimDetailPage() {
  const { t } = useTranslation();
  const { aktenId = '' } = useParams();
  const heading = usePageHeading(t('portal.claims.detailTitle', { aktenId }));
  const query = useQuery({
    queryKey: ['portal', 'schaeden', aktenId],
    queryFn: () => fetchClaim(aktenId),
  });
  return (
    <section>
      <h1 ref={heading} tabIndex={-1}>
        {t('portal.claims.detailTitle', { aktenId })}
      </h1>
      {query.isPending ? <p role="status">{t('app.loading')}</p> : null}
      {query.isError ? <InfoBox tone="error">{t('portal.claims.loadError')}</InfoBox> : null}
      {query.data ? (
        <>
          <p>
            {t('portal.claims.facts', {
              datum: date(query.data.schadendatum),
              nummer: query.data.versicherungsNummer,
            })}
          </p>
          <p>{query.data.beschreibung}</p>
          <h2>{t('portal.claims.messages')}</h2>
          {query.data.nachrichten.length === 0 ? <p>{t('portal.claims.noMessages')}</p> : null}
          <ul className="claim-messages">
            {query.data.nachrichten.map((message) => (
              <li key={message.id}>
                <span>{date(message.erstelldatum)}</span> <strong>{message.betreff}</strong>
                {message.gelesen ? null : <span> {t('portal.claims.unread')}</span>}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to="/kunden/schaeden">{t('portal.claims.back')}</Link>
      </p>
    </section>
  );
}
