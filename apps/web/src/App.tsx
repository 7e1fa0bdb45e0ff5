import { useTranslation } from 'react-i18next';
import type { BrandConfig } from '../../../generated/types/brand.ts';
import { Home } from './pages/Home.tsx';
import { NotFound } from './pages/NotFound.tsx';

/** The application shell: skip link, brand header, main content. */
export function App({ brand, path }: { brand: BrandConfig; path: string }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipLink')}
      </a>
      <header className="app-header">
        <span className="brand-name">{brand.name}</span>
        <span className="app-name">{t('app.name')}</span>
      </header>
      <main id="main" tabIndex={-1}>
        {path === '/' ? <Home brand={brand} /> : <NotFound />}
      </main>
    </>
  );
}
