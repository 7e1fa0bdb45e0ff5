import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** One entry of the error summary: the text (as shown at the field) and the field's input id. */
export interface SummaryEntry {
  fieldId: string;
  message: string;
}

const FOCUSABLE = 'input, select, textarea, button';

/** Focuses a field's input; for a group (a list's fieldset) its first input or button. */
function focusField(fieldId: string): void {
  const target = document.getElementById(fieldId);
  if (!target) return;
  const input = target.matches(FOCUSABLE)
    ? target
    : (target.querySelector<HTMLElement>(FOCUSABLE) ?? target);
  input.focus();
  target.scrollIntoView?.({ block: 'center' });
}

/**
 * The error summary at the top of main, above the heading, after a failed "Weiter": it receives
 * focus, and each entry is a link that moves focus to the first input of its field (a list's count
 * error: the list's first input, or its add button).
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { entries: readonly SummaryEntry[] }>(
  function ErrorSummary({ entries }, ref) {
    const { t } = useTranslation('common');
    return (
      <div
        className="error-summary"
        ref={ref}
        tabIndex={-1}
        role="alert"
        aria-labelledby="error-summary-title"
      >
        <h2 id="error-summary-title" className="error-summary__title">
          {t('errors.summaryHeadline')}
        </h2>
        <ul className="error-summary__list">
          {entries.map((entry) => (
            <li key={entry.fieldId}>
              <a
                href={`#${entry.fieldId}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(entry.fieldId);
                }}
              >
                {entry.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  },
);
