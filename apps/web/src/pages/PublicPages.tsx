import { useQuery } from '@tanstack/react-query';
import { calendarDay, formatDate, toIsoDate } from '#engine';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import { InfoBox } from '#renderer';
import { AuthForm } from '../auth/form/AuthForm.tsx';
import { required, type Rule } from '../auth/form/rules.ts';
import { TextField } from '../auth/form/TextField.tsx';
import { useAuthForm } from '../auth/form/useAuthForm.ts';
import { http } from '../http/index.ts';
import { QueryStatus } from './QueryStatus.tsx';
import { usePageHeading } from './usePageHeading.ts';

/**
 * Sends a public post under one Idempotency-Key per page (a double submit stores once); null when
 * stored, else the server's German message (or a key).
 */
async function publicPost(url: string, body: unknown, key: string): Promise<string | null> {
  const result = await http.answer({
    method: 'POST',
    url,
    body,
    headers: { 'Idempotency-Key': key },
  });
  if (result.ok) return null;
  const answer = result.body as { message?: string; fieldErrors?: { message: string }[] } | null;
  const text = answer?.fieldErrors?.[0]?.message ?? (result.status === 429 ? answer?.message : '');
  return text ? `!${text}` : 'oeffentlich:sendError';
}

/** The two feedback scales: satisfaction 1 to 5 and recommendation 0 to 10. */
const SCALES = {
  '1-5': [1, 2, 3, 4, 5],
  '0-10': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
} as const;
type Scale = keyof typeof SCALES;

/**
 * The scale of a feedback link: `?skala=0-10` asks for the recommendation scale, and so does a
 * score only it has (0, or 6 to 10); otherwise satisfaction 1 to 5.
 */
export function feedbackScaleOf(score: string | undefined, asked: string | null): Scale {
  if (asked === '0-10' || asked === '1-5') return asked;
  return score !== undefined && /^(0|[6-9]|10)$/.test(score) ? '0-10' : '1-5';
}

/**
 * /feedback/{source}/{score?}: how satisfied the visitor was (1 to 5) or how likely they recommend
 * us (0 to 10), preselected from the link in a mail or page, and a comment; stored with its
 * source, then thanked.
 */
export function FeedbackPage({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation('oeffentlich');
  const { source = '', score } = useParams();
  const [search] = useSearchParams();
  const skala = feedbackScaleOf(score, search.get('skala'));
  const scores: readonly number[] = SCALES[skala];
  const preset = scores.find((value) => String(value) === score);
  const [bewertung, setBewertung] = useState<number | undefined>(preset);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [sent, setSent] = useState(false);
  const form = useAuthForm({ kommentar: '' }, {}, (key) =>
    key.startsWith('!') ? key.slice(1) : t(key),
  );
  const legendId = useId();
  const heading = usePageHeading(sent ? t('feedback.thanksTitle') : t('feedback.title'));
  if (sent) {
    return (
      <section className="portal-page">
        <h1 ref={heading} tabIndex={-1}>
          {t('feedback.thanksTitle')}
        </h1>
        <InfoBox tone="positive">{t('feedback.thanksText')}</InfoBox>
        <p>
          <Link to="/">{t('home')}</Link>
        </p>
      </section>
    );
  }
  const send = async () => {
    const outcome = await publicPost(
      '/api/feedback',
      {
        marke: brand.id,
        quelle: source,
        skala,
        ...(bewertung === undefined ? {} : { bewertung }),
        ...(form.values.kommentar.trim() ? { kommentar: form.values.kommentar.trim() } : {}),
      },
      idempotencyKey,
    );
    if (outcome === null) setSent(true);
    return outcome;
  };
  return (
    <AuthForm
      {...form.status}
      title={t('feedback.title')}
      submitLabel={t('feedback.submit')}
      onSubmit={() => void form.submit(send)}
      intro={<p>{t('feedback.intro')}</p>}
    >
      <fieldset className="field" aria-labelledby={legendId}>
        <legend id={legendId} className="field__label">
          {t(`feedback.scales.${skala}.legend`)}
        </legend>
        {scores.map((value) => (
          <div key={value} className="choice">
            <input
              type="radio"
              id={`bewertung-${value}`}
              name="bewertung"
              checked={bewertung === value}
              onChange={() => setBewertung(value)}
            />
            <label htmlFor={`bewertung-${value}`}>
              {t(`feedback.scales.${skala}.scores.${value}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="kommentar">
          {t('feedback.comment')}
        </label>
        <p id="kommentar-hint" className="field__hint">
          {t('feedback.commentHint')}
        </p>
        <textarea
          id="kommentar"
          className="textarea"
          rows={5}
          maxLength={2000}
          aria-describedby="kommentar-hint"
          value={form.values.kommentar}
          onChange={(event) => form.field('kommentar').onChange(event.target.value)}
        />
      </div>
    </AuthForm>
  );
}

/** /quickstart/: what a visitor can do here and how to start, each with its link. */
export function QuickstartPage() {
  const { t } = useTranslation('oeffentlich');
  const heading = usePageHeading(t('quickstart.title'));
  const steps = t('quickstart.steps', { returnObjects: true }) as Record<
    string,
    { title: string; text: string; link: string; to: string }
  >;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('quickstart.title')}
      </h1>
      <p>{t('quickstart.intro')}</p>
      <ol className="card-list">
        {Object.entries(steps).map(([id, step]) => (
          <li key={id} className="card">
            <h2 className="card__title">{step.title}</h2>
            <p>{step.text}</p>
            <p>
              <Link to={step.to}>{step.link}</Link>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

interface DocumentItem {
  titel: string;
  stand: string;
  art: string;
  pfad: string;
  /** A consent form's kind of consent (definitions/documents, `consent`). */
  einwilligung?: { art: string; bezeichnung: string };
}

const fetchDocuments = async (): Promise<DocumentItem[]> => {
  const result = await http.answer({ method: 'GET', url: '/api/dokumente' });
  if (!result.ok) throw new Error(`GET /api/dokumente: ${result.status}`);
  return result.body as DocumentItem[];
};

/** The static documents, one query for the downloads and the consent page. */
const useDocuments = () =>
  useQuery({ queryKey: ['dokumente'], queryFn: fetchDocuments, staleTime: 3_600_000 });

/** /downloads: the static documents (customer information, terms, consent forms) as PDFs. */
export function DownloadsPage() {
  const { t } = useTranslation('oeffentlich');
  const heading = usePageHeading(t('downloads.title'));
  const query = useDocuments();
  const groups = ['kundeninformation', 'dokument'].map((art) => ({
    art,
    items: (query.data ?? []).filter((item) => item.art === art),
  }));
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('downloads.title')}
      </h1>
      <p>{t('downloads.intro')}</p>
      <QueryStatus query={query} loadError={t('downloads.loadError')} />
      {groups.map((group) =>
        group.items.length > 0 ? (
          <section key={group.art}>
            <h2>{t(`downloads.groups.${group.art}`)}</h2>
            <ul className="action-list">
              {group.items.map((item) => (
                <li key={item.pfad}>
                  <a href={item.pfad} download>
                    {t('downloads.item', {
                      titel: item.titel,
                      stand: formatDate(item.stand),
                    })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </section>
  );
}

// A date of birth "TT.MM.JJJJ" as date-fns `parse(text, 'dd.MM.yyyy')` read it before: day and
// month with one or two digits, the year with one to four (without date-fns' 4 KB gzip parser).
const germanDatePattern = /^(\d{1,2})\.(\d{1,2})\.(\d{1,4})$/;
const parseBirthDate = (value: string): Date | undefined => {
  const parts = germanDatePattern.exec(value.trim());
  return parts ? calendarDay(Number(parts[3]), Number(parts[2]), Number(parts[1])) : undefined;
};
const germanDate: Rule = (value) => (parseBirthDate(value) ? null : 'einwilligung.validation.date');
const contractNumber: Rule = (value) =>
  /^[A-Za-z]{2,4}-\d{6,10}$/.test(value.trim()) ? null : 'einwilligung.validation.contract';

/**
 * /einwilligung: the consent to process health records (personal injury or travel health), with
 * the consent forms to read as PDFs; recorded for a contract with name and date of birth.
 */
export function ConsentPage({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation('oeffentlich');
  const documents = useDocuments();
  // The consent forms, each with the kind of consent it stands for; the first is chosen at first.
  const forms = (documents.data ?? []).flatMap((item) =>
    item.einwilligung ? [{ ...item, einwilligung: item.einwilligung }] : [],
  );
  const [chosen, setArt] = useState<string | undefined>(undefined);
  const art = chosen ?? forms[0]?.einwilligung.art;
  const [given, setGiven] = useState(false);
  const [done, setDone] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useAuthForm(
    { name: '', versicherungsNummer: '', geburtsdatum: '', einwilligung: '' },
    {
      name: required('einwilligung.validation.name'),
      versicherungsNummer: contractNumber,
      geburtsdatum: germanDate,
      einwilligung: (value) => (value === 'ja' ? null : 'einwilligung.validation.consent'),
    },
    (key) => (key.startsWith('!') ? key.slice(1) : t(key)),
  );
  const heading = usePageHeading(done ? t('einwilligung.doneTitle') : t('einwilligung.title'));
  if (done) {
    return (
      <section className="portal-page">
        <h1 ref={heading} tabIndex={-1}>
          {t('einwilligung.doneTitle')}
        </h1>
        <InfoBox tone="positive">{t('einwilligung.doneText')}</InfoBox>
        <p>
          <Link to="/">{t('home')}</Link>
        </p>
      </section>
    );
  }
  const send = async () => {
    const birthDate = parseBirthDate(form.values.geburtsdatum);
    const outcome = await publicPost(
      '/api/einwilligung',
      {
        marke: brand.id,
        name: form.values.name.trim(),
        versicherungsNummer: form.values.versicherungsNummer.trim(),
        // Validated before send runs, so the date exists; the server refuses a missing one.
        geburtsdatum: birthDate && toIsoDate(birthDate),
        art,
        einwilligung: true,
      },
      idempotencyKey,
    );
    if (outcome === null) setDone(true);
    return outcome;
  };
  const consent = form.field('einwilligung');
  return (
    <AuthForm
      {...form.status}
      title={t('einwilligung.title')}
      submitLabel={t('einwilligung.submit')}
      onSubmit={() => void form.submit(send)}
      intro={
        <>
          <p>{t('einwilligung.intro')}</p>
          <QueryStatus query={documents} loadError={t('einwilligung.loadError')} />
          <ul className="action-list">
            {forms.map((item) => (
              <li key={item.pfad}>
                <a href={item.pfad} download>
                  {t('einwilligung.form', { titel: item.titel })}
                </a>
              </li>
            ))}
          </ul>
        </>
      }
    >
      <fieldset className="field">
        <legend className="field__label">{t('einwilligung.art')}</legend>
        {forms.map(({ einwilligung: { art: value, bezeichnung } }) => (
          <div key={value} className="choice">
            <input
              type="radio"
              id={`art-${value}`}
              name="art"
              checked={art === value}
              onChange={() => setArt(value)}
            />
            <label htmlFor={`art-${value}`}>{bezeichnung}</label>
          </div>
        ))}
      </fieldset>
      <TextField {...form.field('name')} autoComplete="name" label={t('einwilligung.name')} />
      <TextField
        {...form.field('versicherungsNummer')}
        label={t('einwilligung.versicherungsNummer')}
        hint={t('einwilligung.versicherungsNummerHint')}
      />
      <TextField
        {...form.field('geburtsdatum')}
        autoComplete="bday"
        label={t('einwilligung.geburtsdatum')}
        hint={t('einwilligung.geburtsdatumHint')}
      />
      <div className={`field${consent.error ? ' field--error' : ''}`}>
        {consent.error ? (
          <p id="einwilligung-error" className="field__error">
            {consent.error}
          </p>
        ) : null}
        <div className="choice">
          <input
            type="checkbox"
            id="einwilligung"
            checked={given}
            aria-describedby={consent.error ? 'einwilligung-error' : undefined}
            onChange={(event) => {
              setGiven(event.target.checked);
              consent.onChange(event.target.checked ? 'ja' : '');
            }}
          />
          <label htmlFor="einwilligung">{t('einwilligung.consent')}</label>
        </div>
      </div>
    </AuthForm>
  );
}
