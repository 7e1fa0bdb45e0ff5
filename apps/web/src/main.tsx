import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { applyTheme, resolveBrand } from './config/brand.ts';
import { setupI18n } from './i18n/setup.ts';
import './styles.css';

const BRAND_KEY = 'platform.brand';

const brand = resolveBrand(
  window.location.hostname,
  window.location.search,
  sessionStorage.getItem(BRAND_KEY),
);
sessionStorage.setItem(BRAND_KEY, brand.id);
applyTheme(brand, document.documentElement);
const i18n = await setupI18n();
document.title = i18n.t('app.name');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App brand={brand} />
  </StrictMode>,
);
