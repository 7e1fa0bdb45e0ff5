import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeading } from './usePageHeading.ts';

/** One question and its answer. */
interface Question {
  id: string;
  q: string;
  a: string;
}

/** A category of questions (namespace faq, `categories.<key>`). */
interface Category {
  id: string;
  title: string;
  questions: Question[];
}

type Bundle = Record<string, { title: string; items: Record<string, { q: string; a: string }> }>;

/** Lower case without accents, so "kundig" finds "Kündigung". */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The categories whose questions or answers contain every word of the search. */
export function matchingQuestions(categories: readonly Category[], search: string): Category[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return categories
    .map((category) => ({
      ...category,
      questions: category.questions.filter((question) => {
        const text = fold(`${question.q} ${question.a}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.questions.length > 0);
}

/** A question as an accordion item: a heading with a button that shows or hides its answer. */
function QuestionItem({ question }: { question: Question }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="faq-item">
      <h3>
        <button
          type="button"
          className="faq-item__question"
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          id={`${id}-question`}
          onClick={() => setOpen((value) => !value)}
        >
          {question.q}
        </button>
      </h3>
      <div
        id={`${id}-answer`}
        role="region"
        aria-labelledby={`${id}-question`}
        hidden={!open}
        className="faq-item__answer"
      >
        <p>{question.a}</p>
      </div>
    </div>
  );
}

/**
 * /haeufige-fragen/ and /vermittler/haeufige-fragen: the frequent questions, from a translation
 * bundle (`faq`, `faq-vermittler`: categories and
 * questions are text, not code), searchable, each answer opened and closed as an accordion item.
 */
export function FaqPage({
  namespace = 'faq',
  back = '/',
}: {
  /** The bundle of the questions: `faq` (public), `faq-vermittler` (agent portal). */
  namespace?: string;
  /** Where the closing link leads. */
  back?: string;
}) {
  const { t } = useTranslation(namespace);
  const title = t('title');
  const heading = usePageHeading(title);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const categories: Category[] = useMemo(() => {
    const bundle = t('categories', { returnObjects: true }) as unknown as Bundle;
    if (typeof bundle !== 'object' || bundle === null) return [];
    return Object.entries(bundle).map(([id, category]) => ({
      id,
      title: category.title,
      questions: Object.entries(category.items).map(([key, item]) => ({ id: key, ...item })),
    }));
  }, [t]);
  const shown = matchingQuestions(categories, search);
  const count = shown.reduce((sum, category) => sum + category.questions.length, 0);
  return (
    <section className="portal-page faq-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t('intro')}</p>
      <div className="faq-search">
        <label htmlFor={searchId}>{t('searchLabel')}</label>
        <p id={`${searchId}-hint`} className="field-hint">
          {t('searchHint')}
        </p>
        <input
          id={searchId}
          type="search"
          value={search}
          aria-describedby={`${searchId}-hint`}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <p role="status" aria-live="polite">
        {search.trim() === ''
          ? ''
          : count === 0
            ? t('noResults', { suche: search.trim() })
            : t('results', { count })}
      </p>
      {shown.map((category) => (
        <section key={category.id} aria-labelledby={`faq-${category.id}`}>
          <h2 id={`faq-${category.id}`}>{category.title}</h2>
          {category.questions.map((question) => (
            <QuestionItem key={question.id} question={question} />
          ))}
        </section>
      ))}
      <p>
        <Link to={back}>{t('home')}</Link>
      </p>
    </section>
  );
}
