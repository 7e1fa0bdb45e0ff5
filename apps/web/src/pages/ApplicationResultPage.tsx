import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/** One result page: a focused h1, its text and one link onward. */
export function ApplicationResultPage({ page }: { page: ResultPageName }) {
  const { t } = useTranslation('portal');
  const title = t(`result.${page}.title`);
  const heading = usePageHeading(title);
  return (
    <section className="portal-page result-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(`result.${page}.text`)}</p>
      <p>
        <Link to={RESULT_PAGES[page].linkTo}>{t(`result.${page}.link`)}</Link>
      </p>
    </section>
  );
}
