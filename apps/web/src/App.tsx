import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { BrandConfig } from '../../../generated/types/brand.ts';
import { authRoutes, RequireAuth, SignOutButton } from './auth/index.ts';
import { ClaimDetailPage, ClaimsPage } from './portal/ClaimsPage.tsx';
import { flows } from '../../../generated/definitions/index.ts';
import { Home } from './pages/Home.tsx';
import { NotFound } from './pages/NotFound.tsx';

// The renderer, rjsf and the flows load only on a flow's route, not with the home page.
const FlowRoute = lazy(() =>
  import('./flows/FlowRoute.tsx').then((m) => ({ default: m.FlowRoute })),
);

// Flows a claimant can open without signing in; the others arrive with sign-in.
const publicFlows = flows.filter((flow) => flow.roles.includes('claimant'));

/** The application shell: skip link, brand header, main content with the route table. */
export function App({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation();
  return (
    <BrowserRouter>
      <a className="skip-link" href="#main">
        {t('app.skipLink')}
      </a>
      <header className="app-header">
        <span className="brand-name">{brand.name}</span>
        <span className="app-name">{t('app.name')}</span>
        <SignOutButton />
      </header>
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<Home brand={brand} />} />
          {publicFlows
            .filter((flow) => flow.brands.includes(brand.id))
            .map((flow) => (
              <Route
                key={flow.id}
                path={`${flow.baseRoute.replace(/\{(\w+)\}/g, ':$1')}/:segment?`}
                element={
                  <Suspense fallback={<p aria-live="polite">{t('app.loading')}</p>}>
                    <FlowRoute entry={flow} brand={brand} />
                  </Suspense>
                }
              />
            ))}
          {authRoutes()}
          <Route
            path="/kunden/schaeden"
            element={
              <RequireAuth portal="benutzer">
                <ClaimsPage />
              </RequireAuth>
            }
          />
          <Route
            path="/kunden/schaeden/:aktenId"
            element={
              <RequireAuth portal="benutzer">
                <ClaimDetailPage />
              </RequireAuth>
            }
          />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}
