import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { fetchAttachment, fetchInbox, fetchMessage, markRead } from './postfachApi.ts';

const date = (iso: string): string =>
  new Date(iso).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });

/** Kundenportal "postfach/eingang": the signed-in customer's inbox, newest first. */
export function PostfachPage() {
  const { t } = useTranslation('portal');
  const heading = usePageHeading(t('postfach.title'));
  const query = useQuery({
    queryKey: ['portal', 'postfach'],
    queryFn: fetchInbox,
    refetchOnMount: 'always',
  });
  const messages = query.data?.nachrichten;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('postfach.title')}
      </h1>
      <QueryStatus query={query} loadError={t('postfach.loadError')} />
      {messages && messages.length === 0 ? <p>{t('postfach.empty')}</p> : null}
      {messages && messages.length > 0 ? (
        <ul className="action-list">
          {messages.map((message) => (
            <li key={message.id}>
              <Link to={`/kunden/postfach/${encodeURIComponent(message.id)}`}>
                {t('postfach.item', {
                  datum: date(message.erstelldatum),
                  betreff: message.betreff,
                })}
              </Link>
              {message.gelesen ? null : <span> {t('postfach.unread')}</span>}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One attachment: a button that fetches it with the session and saves it. */
function AttachmentButton({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('portal');
  return (
    <li>
      <DownloadButton
        label={t('postfach.download', { name })}
        errorText={t('postfach.downloadError')}
        fetchFile={() => fetchAttachment(id)}
      />
    </li>
  );
}

/** Kundenportal "postfach/nachricht": one message with its text and attachments; read once shown. */
export function PostfachMessagePage() {
  const { t } = useTranslation('portal');
  const { id = '' } = useParams();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['portal', 'postfach', id], queryFn: () => fetchMessage(id) });
  const message = query.data;
  const heading = usePageHeading(message?.betreff ?? t('postfach.messageTitle'));
  useEffect(() => {
    if (message && !message.gelesen)
      void markRead(message.id)
        .then(() => client.invalidateQueries({ queryKey: ['portal', 'postfach'], exact: true }))
        .catch(() => undefined);
  }, [message, client]);
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
          <p>{t('postfach.received', { datum: date(message.erstelldatum) })}</p>
          <p className="postfach-text">{message.nachricht}</p>
          {message.anhaenge.length > 0 ? (
            <>
              <h2>{t('postfach.attachments')}</h2>
              <ul className="action-list">
                {message.anhaenge.map((file) => (
                  <AttachmentButton key={file.id} id={file.id} name={file.name} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      <p>
        <Link to="/kunden/postfach">{t('postfach.back')}</Link>
      </p>
    </section>
  );
}
