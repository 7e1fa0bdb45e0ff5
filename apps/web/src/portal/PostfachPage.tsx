import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate, useParams } from 'react-router';
import { InfoBox } from '#renderer';
import type { Portal } from '../auth/pools.ts';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { formatDate } from './format.ts';
import {
  deleteMessage,
  fetchAttachment,
  fetchBox,
  fetchMessage,
  markRead,
  type Box,
} from './postfachApi.ts';

/** The query keys of the Postfach: a change (read, delete, send) refreshes all of them. */
export const POSTFACH_KEY = ['portal', 'postfach'] as const;

/** Where a portal's Postfach lives: `/kunden/postfach`, `/vermittler/nachrichten`. */
export const POSTFACH_BASE: Record<Portal, string> = {
  benutzer: '/kunden/postfach',
  vermittler: '/vermittler/nachrichten',
};

/** The Postfach's two boxes as tabs (links, the current one marked), and "write a message". */
function BoxTabs({ portal }: { portal: Portal }) {
  const { t } = useTranslation('portal');
  const base = POSTFACH_BASE[portal];
  return (
    <nav className="portal-nav" aria-label={t('postfach.boxes')}>
      <ul>
        <li>
          <NavLink to={`${base}/eingang`}>{t('postfach.eingang')}</NavLink>
        </li>
        <li>
          <NavLink to={`${base}/gesendet`}>{t('postfach.gesendet')}</NavLink>
        </li>
        {portal === 'benutzer' ? (
          <li>
            <Link to="/kunden/nachricht">{t('postfach.write')}</Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * Kundenportal "postfach/eingang" and "postfach/gesendet": the signed-in customer's received or
 * sent messages, newest first; unread received ones are marked.
 */
export function PostfachPage({ box, portal = 'benutzer' }: { box: Box; portal?: Portal }) {
  const { t } = useTranslation('portal');
  const title = t(`postfach.${box}Title`);
  const heading = usePageHeading(title);
  const notice = (useLocation().state as { geloescht?: string } | null)?.geloescht;
  const query = useQuery({
    queryKey: [...POSTFACH_KEY, portal, box],
    queryFn: () => fetchBox(box, portal),
    refetchOnMount: 'always',
  });
  const messages = query.data?.nachrichten;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <BoxTabs portal={portal} />
      {notice ? <p role="status">{t('postfach.deleted', { betreff: notice })}</p> : null}
      <QueryStatus query={query} loadError={t('postfach.loadError')} />
      {messages && messages.length === 0 ? <p>{t(`postfach.${box}Empty`)}</p> : null}
      {messages && messages.length > 0 ? (
        <ul className="action-list">
          {messages.map((message) => (
            <li key={message.id}>
              <Link to={`${POSTFACH_BASE[portal]}/${encodeURIComponent(message.id)}`}>
                {t('postfach.item', {
                  datum: formatDate(message.erstelldatum),
                  betreff: message.betreff,
                })}
              </Link>
              {box === 'eingang' && !message.gelesen ? (
                <strong> {t('postfach.unread')}</strong>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One attachment: a button that fetches it with the session and saves it. */
function AttachmentButton({ id, name, portal }: { id: string; name: string; portal: Portal }) {
  const { t } = useTranslation('portal');
  return (
    <li>
      <DownloadButton
        label={t('postfach.download', { name })}
        errorText={t('postfach.downloadError')}
        fetchFile={() => fetchAttachment(id, portal)}
      />
    </li>
  );
}

/** Deleting a message: asked once more in place, then gone with its attachments. */
function DeleteMessage({
  id,
  betreff,
  box,
  portal,
}: {
  id: string;
  betreff: string;
  box: Box;
  portal: Portal;
}) {
  const { t } = useTranslation('portal');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteMessage(id, portal),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: POSTFACH_KEY });
      void navigate(`${POSTFACH_BASE[portal]}/${box}`, { state: { geloescht: betreff } });
    },
  });
  if (!asking) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        {t('postfach.delete')}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={`loeschen-${id}`} className="confirm-box">
      <p id={`loeschen-${id}`}>{t('postfach.deleteQuestion', { betreff })}</p>
      {remove.isError ? <InfoBox tone="error">{t('postfach.deleteError')}</InfoBox> : null}
      <button
        type="button"
        className="button"
        disabled={remove.isPending}
        ref={(node) => node?.focus()}
        onClick={() => remove.mutate()}
      >
        {t('postfach.deleteConfirm')}
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
        {t('postfach.deleteCancel')}
      </button>
    </div>
  );
}

/** Kundenportal "postfach/nachricht": one message with its text and attachments; read once shown. */
export function PostfachMessagePage({ portal = 'benutzer' }: { portal?: Portal }) {
  const { t } = useTranslation('portal');
  const { id = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...POSTFACH_KEY, 'nachricht', id],
    queryFn: () => fetchMessage(id),
  });
  const message = query.data;
  const heading = usePageHeading(message?.betreff ?? t('postfach.messageTitle'));
  useEffect(() => {
    if (message && !message.gelesen)
      void markRead(message.id, portal)
        .then(() => client.invalidateQueries({ queryKey: POSTFACH_KEY }))
        .catch(() => undefined);
  }, [message, client]);
  const box = message?.box ?? 'eingang';
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {message?.betreff ?? t('postfach.messageTitle')}
      </h1>
      <QueryStatus
        query={query}
        loadError={t('postfach.loadError')}
        notFound={t('postfach.notFound')}
      />
      {message ? (
        <>
          <p>
            {t(box === 'gesendet' ? 'postfach.sent' : 'postfach.received', {
              datum: formatDate(message.erstelldatum),
            })}
          </p>
          <p className="postfach-text">{message.nachricht}</p>
          {message.anhaenge.length > 0 ? (
            <>
              <h2>{t('postfach.attachments')}</h2>
              <ul className="action-list">
                {message.anhaenge.map((file) => (
                  <AttachmentButton key={file.id} id={file.id} name={file.name} portal={portal} />
                ))}
              </ul>
            </>
          ) : null}
          <DeleteMessage id={message.id} betreff={message.betreff} box={box} portal={portal} />
        </>
      ) : null}
      <p>
        <Link to={`${POSTFACH_BASE[portal]}/${box}`}>{t(`postfach.back_${box}`)}</Link>
      </p>
    </section>
  );
}
