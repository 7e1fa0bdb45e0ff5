import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, InfoBox, type SummaryEntry } from '#renderer';
import { usePageTitle } from '../../layout/pageTitle.ts';

/** Props of {@link AuthForm}. */
export interface AuthFormProps {
  title: string;
  /** Field errors after a failed submit, in field order. */
  errors: SummaryEntry[];
  /** Bumped on every failed submit: the error summary then takes focus. */
  attempt: number;
  /** A service error shown in an error InfoBox. */
  serviceError?: string | undefined;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
  /** Content after the button (links). */
  footer?: ReactNode;
  /** Content between heading and fields (intro, notices). */
  intro?: ReactNode;
}

/**
 * A sign-in form in the platform's error pattern: `novalidate`, error summary above the heading
 * that takes focus after a failed submit, focus on the heading when the form appears, and the
 * document title prefixed with "Fehler: " while errors show.
 */
export function AuthForm({
  title,
  errors,
  attempt,
  serviceError,
  submitLabel,
  busy,
  onSubmit,
  children,
  footer,
  intro,
}: AuthFormProps) {
  const { t } = useTranslation('common');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const serviceRef = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0 || serviceError !== undefined;

  useEffect(() => {
    headingRef.current?.focus();
  }, [title]);
  useEffect(() => {
    if (attempt === 0) return;
    if (errors.length > 0) summaryRef.current?.focus();
    else if (serviceError) serviceRef.current?.focus();
  }, [attempt, errors.length, serviceError]);
  usePageTitle(title, hasErrors ? t('errors.titlePrefix') : '');

  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {errors.length > 0 ? <ErrorSummary ref={summaryRef} entries={errors} /> : null}
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {serviceError ? (
        <div ref={serviceRef} tabIndex={-1}>
          <InfoBox tone="error" headline={t('auth.errors.headline')}>
            {serviceError}
          </InfoBox>
        </div>
      ) : null}
      {intro}
      {children}
      <div className="wizard-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      {footer}
    </form>
  );
}
