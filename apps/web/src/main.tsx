import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { applyTheme, brands, resolveBrand } from './config/brand.ts';
import { BrandSwitchContext } from './config/brandSwitch.ts';
import type { BrandConfig } from '../../../generated/types/brand.ts';
import { preloadRoute } from './flows/preloadRoute.ts';
import { switchMarket } from './i18n/setup.ts';
import { PlatformProviders, sessionStorageOf, startPlatform } from './platform/index.ts';
import { setDocumentTitle } from '#renderer';
import '../../../renderer/styles.css';

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
/**
 * Starts the platform, then renders the app. No top-level await: the build puts this module in
 * one chunk with everything it imports, and a lazy chunk the start waits for (the frame channel)
 * imports from that chunk, which must have finished evaluating by then.
 */
async function start(): Promise<void> {
  // A flow route's code, definition, validators and texts are requested now, beside the flags and
  // the common texts, not one stage after another once the app has rendered.
  const namespaces = preloadRoute(window.location.pathname);
  const platform = await startPlatform(window, { namespaces, market: brand.market });
  setDocumentTitle([platform.i18n.t('app.name'), brand.name]);

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The HTML shell's notice for a page whose script did not load or start (index.html) goes.
  container.replaceChildren();
  const root = createRoot(container);
  const render = (shown: BrandConfig): void =>
    root.render(
      <StrictMode>
        <BrandSwitchContext.Provider value={switchBrand}>
          <PlatformProviders platform={platform}>
            <App brand={shown} />
          </PlatformProviders>
        </BrandSwitchContext.Provider>
      </StrictMode>,
    );
  /** Shows another brand: remembered for the tab, its design applied, the app rendered with it. */
  function switchBrand(brandId: string): void {
    const next = brands.get(brandId);
    if (!next || next.id === document.documentElement.dataset['brand']) return;
    storage.setItem(BRAND_KEY, next.id);
    applyTheme(next, document.documentElement);
    void switchMarket(next.market).then(() => render(next));
  }
  render(brand);
}

void start();
