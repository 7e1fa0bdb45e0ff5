import { useState } from 'react';
import type { DownloadOutcome } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';
import { InfoBox } from './templates/InfoBox.tsx';

/** The text of each way a download fails. */
const FAILURE_TEXTS = {
  failed: 'common:download.failed',
  incomplete: 'common:download.incomplete',
  limited: 'common:download.limited',
} as const;

/**
 * A download block: a button named by its label that asks the server for a PDF (an offer, an
 * advice record) and saves it. While it runs the button is marked busy (and ignores further
 * presses) and a polite status says so; a failure shows a German error below it, a 422 the text
 * that answers are missing, a 429 that no more such documents can be made for now. Focus stays on
 * the button.
 */
export function DownloadButton({
  label,
  run,
  context,
}: {
  label: string;
  run: () => Promise<DownloadOutcome>;
  context: RendererFormContext;
}) {
  const { t } = context;
  const [state, setState] = useState<DownloadOutcome | 'idle' | 'busy'>('idle');
  const busy = state === 'busy';
  return (
    <div className="download">
      <button
        type="button"
        className="button button--secondary"
        aria-busy={busy}
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setState('busy');
          void run().then(setState);
        }}
      >
        {label}
      </button>
      <p className="hint download__status" role="status">
        {busy ? t('common:download.busy') : state === 'saved' ? t('common:download.saved') : ''}
      </p>
      {state === 'failed' || state === 'incomplete' || state === 'limited' ? (
        <InfoBox tone="error" headline={t('common:download.failedHeadline')}>
          {t(FAILURE_TEXTS[state])}
        </InfoBox>
      ) : null}
    </div>
  );
}

/**
 * A links block: a list of documents (customer information, terms, consent forms), each a link
 * that opens the PDF in a new window, which its text says.
 */
export function DocumentLinks({
  headline,
  links,
  context,
}: {
  headline?: string;
  links: readonly { labelKey: string; href: string }[];
  context: RendererFormContext;
}) {
  const { t } = context;
  if (links.length === 0) return null;
  return (
    <section className="content-links">
      {headline ? <h2>{headline}</h2> : null}
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener">
              {t(link.labelKey)} {t('common:documents.newWindow')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
