import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { Link, useParams } from 'react-router';
import { InfoBox, UploadRefusedError } from '#renderer';
import type { Portal } from '../auth/pools.ts';
import { uploadService } from '../flows/upload.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { formatDate } from './format.ts';
import { usePageHeading } from '../pages/usePageHeading.ts';
import {
  fetchClaim,
  fetchClaimAttachment,
  fetchClaims,
  handInDocument,
  type RequiredDocument,
} from './claimsApi.ts';

const date = (iso: string): string => formatDate(iso);

/** Where a portal's claims live. */
const CLAIMS_BASE: Record<Portal, string> = {
  benutzer: '/kunden/schaeden',
  vermittler: '/vermittler/schaeden',
};

/**
 * Kundenportal "schaeden": the signed-in customer's claims, each linking to its detail; in the
 * agent portal the claims of the agency's customers.
 */
export function ClaimsPage({ portal = 'benutzer' }: { portal?: Portal }) {
  const { t } = useTranslation();
  const heading = usePageHeading(
    t(portal === 'benutzer' ? 'portal.claims.title' : 'portal.claims.agentTitle'),
  );
  const query = useQuery({ queryKey: ['portal', 'schaeden'], queryFn: fetchClaims });
  return (
    <section>
      <h1 ref={heading} tabIndex={-1}>
        {t(portal === 'benutzer' ? 'portal.claims.title' : 'portal.claims.agentTitle')}
      </h1>
      {query.isPending ? <p role="status">{t('app.loading')}</p> : null}
      {query.isError ? <InfoBox tone="error">{t('portal.claims.loadError')}</InfoBox> : null}
      {query.data && query.data.length === 0 ? <p>{t('portal.claims.empty')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="claim-list">
          {query.data.map((claim) => (
            <li key={claim.aktenId}>
              <Link to={`${CLAIMS_BASE[portal]}/${encodeURIComponent(claim.aktenId)}`}>
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

/** One document the claim needs: received, or a file input that uploads and hands it in. */
function RequiredDocumentItem({
  aktenId,
  document,
}: {
  aktenId: string;
  document: RequiredDocument;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: string }>({
    busy: false,
  });
  if (document.erhaltenAm) {
    return (
      <li>
        {t('portal.claims.received', {
          beschreibung: document.beschreibung,
          datum: date(document.erhaltenAm),
        })}
      </li>
    );
  }
  const handIn = async (file: File) => {
    setState({ busy: true });
    try {
      const uploaded = await uploadService('bearer')(file, () => undefined);
      const answer = await handInDocument(aktenId, document.id, uploaded.id);
      if (typeof answer === 'string') {
        setState({ busy: false, error: answer || t('portal.claims.uploadError') });
        return;
      }
      client.setQueryData(['portal', 'schaeden', aktenId], answer);
    } catch (problem) {
      setState({
        busy: false,
        error:
          problem instanceof UploadRefusedError && problem.userMessage
            ? problem.userMessage
            : t('portal.claims.uploadError'),
      });
    }
  };
  return (
    <li>
      <div className={`field${state.error ? ' field--error' : ''}`}>
        <label className="field__label" htmlFor={inputId}>
          {t('portal.claims.uploadLabel', { beschreibung: document.beschreibung })}
        </label>
        <p id={`${inputId}-hint`} className="field__hint">
          {t('portal.claims.uploadHint')}
        </p>
        {state.error ? (
          <p id={`${inputId}-error`} className="field__error" role="alert">
            {state.error}
          </p>
        ) : null}
        <input
          id={inputId}
          type="file"
          disabled={state.busy}
          accept="image/heif,image/heic,image/jpeg,image/png,video/mpeg,video/mp4,video/quicktime,text/plain,application/pdf"
          aria-describedby={`${inputId}-hint${state.error ? ` ${inputId}-error` : ''}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void handIn(file);
          }}
        />
        {state.busy ? <p role="status">{t('portal.claims.uploading')}</p> : null}
      </div>
    </li>
  );
}

/**
 * Kundenportal "schaeden/detail": one claim with its description, every message with its text and
 * attachments (downloaded as files), and the documents it still needs, uploadable right there.
 */
export function ClaimDetailPage({ portal = 'benutzer' }: { portal?: Portal }) {
  const { t } = useTranslation();
  const { aktenId = '' } = useParams();
  const heading = usePageHeading(t('portal.claims.detailTitle', { aktenId }));
  const query = useQuery({
    queryKey: ['portal', 'schaeden', aktenId],
    queryFn: () => fetchClaim(aktenId),
  });
  const claim = query.data;
  const open = claim?.unterlagen.filter((u) => !u.erhaltenAm) ?? [];
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('portal.claims.detailTitle', { aktenId })}
      </h1>
      <QueryStatus
        query={query}
        loadError={t('portal.claims.loadError')}
        notFound={t('portal.claims.notFound')}
      />
      {claim ? (
        <>
          <p>
            {t('portal.claims.facts', {
              datum: date(claim.schadendatum),
              nummer: claim.versicherungsNummer,
            })}
          </p>
          <p>{claim.beschreibung}</p>
          {claim.unterlagen.length > 0 ? (
            <>
              <h2>{t('portal.claims.documents')}</h2>
              <p>
                {open.length > 0
                  ? t('portal.claims.documentsOpen', { count: open.length })
                  : t('portal.claims.documentsDone')}
              </p>
              <ul className="action-list">
                {claim.unterlagen.map((document) =>
                  portal === 'benutzer' || document.erhaltenAm ? (
                    <RequiredDocumentItem key={document.id} aktenId={aktenId} document={document} />
                  ) : (
                    <li key={document.id}>{document.beschreibung}</li>
                  ),
                )}
              </ul>
            </>
          ) : null}
          <h2>{t('portal.claims.messages')}</h2>
          {claim.nachrichten.length === 0 ? <p>{t('portal.claims.noMessages')}</p> : null}
          <ul className="claim-messages card-list">
            {claim.nachrichten.map((message) => (
              <li key={message.id} className="card">
                <h3 className="card__title">{message.betreff}</h3>
                <p>
                  {t(
                    message.richtung === 'AUSGANG'
                      ? 'portal.claims.fromYou'
                      : 'portal.claims.fromUs',
                    { datum: date(message.erstelldatum) },
                  )}
                  {message.gelesen ? null : <strong> {t('portal.claims.unread')}</strong>}
                </p>
                <p className="postfach-text">{message.nachricht}</p>
                {message.anhaenge.length > 0 ? (
                  <ul className="action-list" aria-label={t('portal.claims.attachments')}>
                    {message.anhaenge.map((file) => (
                      <li key={file.id}>
                        <DownloadButton
                          label={t('portal.claims.download', { name: file.name })}
                          errorText={t('portal.claims.downloadError')}
                          fetchFile={() => fetchClaimAttachment(aktenId, file.id)}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to={CLAIMS_BASE[portal]}>{t('portal.claims.back')}</Link>
      </p>
    </section>
  );
}
