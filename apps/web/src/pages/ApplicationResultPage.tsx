import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageHeading } from './usePageHeading.ts';

/**
 * The shared result pages of an application (spec route table), by name: their texts are
 * `result.<name>.title|text|link` in the `portal` bundle, their link target is here.
 */
export const RESULT_PAGES = {
  fehler: { path: '/antrag/fehler', linkTo: '/' },
  'check-failed': { path: '/antrag/check-failed', linkTo: '/' },
  sorry: { path: '/antrag/sorry', linkTo: '/' },
  'sorry-agent': { path: '/antrag/sorry/agent', linkTo: '/vermittler/kundenbestand' },
  'agent-notfound': { path: '/beratung/agent/notfound', linkTo: '/vermittler/kundenbestand' },
} as const;

/** The name of a result page. */
export type ResultPageName = keyof typeof RESULT_PAGES;

/** What a flow that refused tells its refusal page (the history entry's state). */
interface RefusalState {
  reason: string;
  /** The step of the flow holding the answer that caused the refusal. */
  back: string | null;
}

/** The refusal in a history entry's state, when it has that shape (it survives a reload). */
function refusalOf(state: unknown): RefusalState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const refusal = (state as { refusal?: unknown }).refusal;
  if (typeof refusal !== 'object' || refusal === null) return undefined;
  const { reason, back } = refusal as Record<string, unknown>;
  if (typeof reason !== 'string' || reason === '') return undefined;
  // Only a path of this platform: the state could come from anywhere in the tab's history.
  const path = typeof back === 'string' && /^\/(?!\/)/.test(back) ? back : null;
  return { reason, back: path };
}

/**
 * One result page: a focused h1, its text and one link onward. A refusal page shows the reason
 * the flow was told and a link back to the step of the answer that caused it.
 */
export function ApplicationResultPage({ page }: { page: ResultPageName }) {
  const { t } = useTranslation('portal');
  const location = useLocation();
  const refusal = refusalOf(location.state);
  const title = t(`result.${page}.title`);
  const heading = usePageHeading(title);
  return (
    <section className="portal-page result-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(`result.${page}.text`)}</p>
      {refusal ? (
        <section className="info-box info-box--warning" aria-labelledby="refusal-reason">
          <h2 id="refusal-reason" className="info-box__headline">
            {t('result.refusal.reasonHeading')}
          </h2>
          <p>{refusal.reason}</p>
          {refusal.back ? <p>{t('result.refusal.backHint')}</p> : null}
        </section>
      ) : null}
      <p className="result-page__links">
        {refusal?.back ? (
          <Link className="button" to={refusal.back}>
            {t('result.refusal.back')}
          </Link>
        ) : null}
        <Link to={RESULT_PAGES[page].linkTo}>{t(`result.${page}.link`)}</Link>
      </p>
    </section>
  );
}
