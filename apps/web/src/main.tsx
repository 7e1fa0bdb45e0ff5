import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { applyTheme, resolveBrand } from './config/brand.ts';
import { preloadRoute } from './flows/preloadRoute.ts';
import { PlatformProviders, sessionStorageOf, startPlatform } from './platform/index.ts';
import './styles.css';

const BRAND_KEY = 'platform.brand';
// Embedded on another site, the browser may deny sessionStorage: then it lives in memory.
const storage = sessionStorageOf(window);

const brand = resolveBrand(
  window.location.hostname,
  window.location.search,
  storage.getItem(BRAND_KEY),
);
storage.setItem(BRAND_KEY, brand.id);
applyTheme(brand, document.documentElement);
// A flow route's code, definition, validators and texts are requested now, beside the flags and
// the common texts, not one stage after another once the app has rendered.
const namespaces = preloadRoute(window.location.pathname);
const platform = await startPlatform(window, { namespaces });
document.title = platform.i18n.t('app.name');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <PlatformProviders platform={platform}>
      <App brand={brand} />
    </PlatformProviders>
  </StrictMode>,
);
