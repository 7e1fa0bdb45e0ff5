import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The page of a temporarily unavailable service (a 503): says so in German, tells the user that
 * their answers are kept, and offers to try again. Its heading takes the focus when it shows.
 */
export function UnavailablePage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="wizard-page wizard-page--error" aria-labelledby="unavailable-heading">
      <h1 id="unavailable-heading" ref={heading} tabIndex={-1}>
        {t('flow.unavailableTitle')}
      </h1>
      <p role="alert">{t('flow.unavailableText')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('flow.retry')}
      </button>
    </section>
  );
}
