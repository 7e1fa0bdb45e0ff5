import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { flows } from '../../../../generated/definitions/index.ts';
import { http } from '../http/index.ts';
import { sessionStorageOf } from '../platform/index.ts';
import { handOver, type ResumeHandOff } from '../flows/resumeHandOff.ts';
import { usePageHeading } from './usePageHeading.ts';

/** A German date (TT.MM.JJJJ) as an ISO date, or undefined. */
function isoOf(text: string): string | undefined {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const [, d = '', m = '', y = ''] = match;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : undefined;
}

/**
 * The page of a resume link sent by e-mail (`/antrag/fortsetzen/{token}`): the applicant
 * confirms their birth date; the saved answers then open in the flow's public variant. The
 * server's German message shows for a wrong date, an expired or unknown link.
 */
export function ResumeLinkPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const heading = usePageHeading(t('resume.title'));
  const inputId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const geburtsdatum = isoOf(text);
    if (!geburtsdatum) {
      setProblem(t('resume.birthDateInvalid'));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    const result = await http.answer({
      method: 'POST',
      url: `/api/antrag/fortsetzen/${encodeURIComponent(token)}`,
      auth: 'none',
      body: { geburtsdatum },
    });
    setBusy(false);
    const body = result.body as
      (ResumeHandOff & { flow?: string; message?: string }) | null | undefined;
    if (!result.ok || !body?.flow) {
      setProblem(typeof body?.message === 'string' ? body.message : t('resume.failed'));
      return;
    }
    const entry = flows.find((f) => f.id === body.flow && f.roles.includes('claimant'));
    if (!entry) {
      setProblem(t('resume.failed'));
      return;
    }
    handOver(sessionStorageOf(window), body.flow, {
      version: body.version,
      zustand: body.zustand,
    });
    void navigate(entry.baseRoute);
  };

  return (
    <section className="wizard-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('resume.title')}
      </h1>
      <p>{t('resume.intro')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <div className="field">
          <label htmlFor={inputId}>{t('resume.birthDate')}</label>
          <p className="hint" id={`${inputId}-hint`}>
            {t('resume.birthDateHint')}
          </p>
          <input
            id={inputId}
            type="text"
            inputMode="numeric"
            autoComplete="bday"
            value={text}
            aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {problem ? (
            <p className="field-error" id={`${inputId}-error`} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="wizard-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('resume.busy') : t('resume.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
