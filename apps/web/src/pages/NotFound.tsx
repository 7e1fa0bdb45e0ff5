import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../layout/pageTitle.ts';

/** Shown for an address the platform does not have. */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <a href="/">{t('notFound.home')}</a>
      </p>
    </>
  );
}
