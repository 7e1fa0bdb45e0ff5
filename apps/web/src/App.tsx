import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, useParams } from 'react-router';
import type { BrandConfig } from '../../../generated/types/brand.ts';
import { authRoutes, RequireAuth, type Portal } from './auth/index.ts';
import { AgentNav } from './agent/AgentNav.tsx';
import { AgentBrand } from './agent/AgentBrand.tsx';
import { CustomerNav } from './portal/CustomerNav.tsx';
import { flows, type FlowEntry } from '../../../generated/definitions/index.ts';
import {
  ApplicationResultPage,
  RESULT_PAGES,
  type ResultPageName,
} from './pages/ApplicationResultPage.tsx';
import { Home } from './pages/Home.tsx';
import { FaqPage } from './pages/FaqPage.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { SiteHeader } from './layout/SiteHeader.tsx';
import { SiteFooter } from './layout/SiteFooter.tsx';
import { Breadcrumbs } from './layout/Breadcrumbs.tsx';
import { RouteTable } from './layout/RouteTable.tsx';
import { UnavailableNotice } from './layout/UnavailableNotice.tsx';
import { BrandNameContext } from './layout/pageTitle.ts';

// The renderer, rjsf and the flows load only on a flow's route, not with the home page.
const FlowRoute = lazy(() =>
  import('./flows/FlowRoute.tsx').then((m) => ({ default: m.FlowRoute })),
);
// The portal pages load on their routes too (signed-in users only).
const ContractsPage = lazy(() =>
  import('./portal/ContractsPage.tsx').then((m) => ({ default: m.ContractsPage })),
);
const ContractDetailPage = lazy(() =>
  import('./portal/ContractDetailPage.tsx').then((m) => ({ default: m.ContractDetailPage })),
);
const ClaimsPage = lazy(() =>
  import('./portal/ClaimsPage.tsx').then((m) => ({ default: m.ClaimsPage })),
);
const ClaimDetailPage = lazy(() =>
  import('./portal/ClaimsPage.tsx').then((m) => ({ default: m.ClaimDetailPage })),
);
const PostfachPage = lazy(() =>
  import('./portal/PostfachPage.tsx').then((m) => ({ default: m.PostfachPage })),
);
const PostfachMessagePage = lazy(() =>
  import('./portal/PostfachPage.tsx').then((m) => ({ default: m.PostfachMessagePage })),
);
const ResumeLinkPage = lazy(() =>
  import('./pages/ResumeLinkPage.tsx').then((m) => ({ default: m.ResumeLinkPage })),
);
const StartPage = lazy(() =>
  import('./portal/StartPage.tsx').then((m) => ({ default: m.StartPage })),
);
const KundendatenPage = lazy(() =>
  import('./portal/KundendatenPages.tsx').then((m) => ({ default: m.KundendatenPage })),
);
const KontaktdatenPage = lazy(() =>
  import('./portal/KundendatenPages.tsx').then((m) => ({ default: m.KontaktdatenPage })),
);
const KontaktPage = lazy(() =>
  import('./portal/KundendatenPages.tsx').then((m) => ({ default: m.KontaktPage })),
);
const FeedbackPage = lazy(() =>
  import('./pages/PublicPages.tsx').then((m) => ({ default: m.FeedbackPage })),
);
const QuickstartPage = lazy(() =>
  import('./pages/PublicPages.tsx').then((m) => ({ default: m.QuickstartPage })),
);
const DownloadsPage = lazy(() =>
  import('./pages/PublicPages.tsx').then((m) => ({ default: m.DownloadsPage })),
);
const ConsentPage = lazy(() =>
  import('./pages/PublicPages.tsx').then((m) => ({ default: m.ConsentPage })),
);
const ServicePage = lazy(() =>
  import('./portal/ServicePage.tsx').then((m) => ({ default: m.ServicePage })),
);
const AgentContractsPage = lazy(() =>
  import('./agent/AgencyPages.tsx').then((m) => ({ default: m.AgentContractsPage })),
);
const AgentContractPage = lazy(() =>
  import('./agent/AgencyPages.tsx').then((m) => ({ default: m.AgentContractPage })),
);
const AgentProfilePage = lazy(() =>
  import('./agent/AgencyPages.tsx').then((m) => ({ default: m.AgentProfilePage })),
);
const AgentSettingsPage = lazy(() =>
  import('./agent/AgencyPages.tsx').then((m) => ({ default: m.AgentSettingsPage })),
);
const AgencyPage = lazy(() =>
  import('./agent/AgencyPages.tsx').then((m) => ({ default: m.AgencyPage })),
);
const SubAgentsPage = lazy(() =>
  import('./agent/AgencyPages.tsx').then((m) => ({ default: m.SubAgentsPage })),
);
const CreateSubAgentPage = lazy(() =>
  import('./agent/AgencyPages.tsx').then((m) => ({ default: m.CreateSubAgentPage })),
);
const CustomerBasePage = lazy(() =>
  import('./agent/CustomerBasePage.tsx').then((m) => ({ default: m.CustomerBasePage })),
);
const AgentCustomerPage = lazy(() =>
  import('./agent/AgentCustomerPage.tsx').then((m) => ({ default: m.AgentCustomerPage })),
);
const AgentStartPage = lazy(() =>
  import('./agent/AgentStartPage.tsx').then((m) => ({ default: m.AgentStartPage })),
);
const ImprintPage = lazy(() =>
  import('./pages/LegalPages.tsx').then((m) => ({ default: m.ImprintPage })),
);
const PrivacyPage = lazy(() =>
  import('./pages/LegalPages.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const DraftsPage = lazy(() =>
  import('./agent/DraftsPage.tsx').then((m) => ({ default: m.DraftsPage })),
);

/** A broker-mail extranet link: after the agent's sign-in, the contract or the customer page. */
function ExtranetRedirect({ to }: { to: 'vertrag' | 'kundendaten' }) {
  const { id = '' } = useParams();
  const target =
    to === 'vertrag'
      ? `/vermittler/vertraege/${encodeURIComponent(id)}`
      : `/vermittler/kunde/${encodeURIComponent(id)}`;
  return (
    <RequireAuth portal="vermittler">
      <Navigate replace to={target} />
    </RequireAuth>
  );
}

/** A flow's route path: `{param}` becomes `:param`, and the step is an optional last segment. */
export const flowPath = (flow: Pick<FlowEntry, 'baseRoute'>): string =>
  `${flow.baseRoute.replace(/\{(\w+)\}/g, ':$1')}/:segment?`;

/** Who may open a flow: anyone (claimant), else a signed-in customer, else a signed-in agent. */
export const flowPortal = (flow: Pick<FlowEntry, 'roles'>): Portal | null =>
  flow.roles.includes('claimant')
    ? null
    : flow.roles.includes('benutzer')
      ? 'benutzer'
      : 'vermittler';

/** One route key per flow variant (a flow without variants has one entry). */
export const flowKey = (flow: FlowEntry): string =>
  flow.id + ((flow as { variant?: string }).variant ?? '');

/** A customer-portal page: signed-in customers only, with the portal navigation and the trail. */
const customerPage = (page: ReactNode) => (
  <RequireAuth portal="benutzer">
    <CustomerNav />
    <Breadcrumbs />
    {page}
  </RequireAuth>
);

/**
 * An agent-portal page: signed-in agents only, with the portal navigation and the trail, in the
 * design of the agent's brand.
 */
const agentPage = (page: ReactNode, brand: string) => (
  <RequireAuth portal="vermittler">
    <AgentBrand brand={brand} />
    <AgentNav />
    <Breadcrumbs />
    {page}
  </RequireAuth>
);

/** The application shell: skip link, brand header, main content with the route table. */
export function App({ brand }: { brand: BrandConfig }) {
  const { t, i18n } = useTranslation();
  // The portal texts also carry the application result pages: fetched early, so that an error
  // page still has its texts when the server is failing by then.
  useEffect(() => {
    void i18n.loadNamespaces('portal');
  }, [i18n]);
  const loading = <p aria-live="polite">{t('app.loading')}</p>;
  const flowElement = (flow: FlowEntry) => {
    const route = (
      <Suspense fallback={loading}>
        <FlowRoute entry={flow} brand={brand} />
      </Suspense>
    );
    const portal = flowPortal(flow);
    return portal ? <RequireAuth portal={portal}>{route}</RequireAuth> : route;
  };
  return (
    <BrandNameContext.Provider value={brand.name}>
      <BrowserRouter>
        <a className="skip-link" href="#main">
          {t('app.skipLink')}
        </a>
        <SiteHeader brand={brand} />
        <main id="main" tabIndex={-1}>
          <UnavailableNotice />
          {/* The portal pages' texts (namespace portal) load on first use. */}
          <Suspense fallback={loading}>
            <RouteTable>
              <Route path="/" element={<Home brand={brand} />} />
              <Route path="/haeufige-fragen" element={<FaqPage />} />
              <Route path="/feedback/:source/:score?" element={<FeedbackPage brand={brand} />} />
              <Route path="/quickstart" element={<QuickstartPage />} />
              <Route path="/downloads" element={<DownloadsPage />} />
              <Route path="/einwilligung" element={<ConsentPage brand={brand} />} />
              <Route path="/impressum" element={<ImprintPage brand={brand} />} />
              <Route path="/datenschutz" element={<PrivacyPage brand={brand} />} />
              <Route
                path="/antrag/fortsetzen/:token"
                element={
                  <Suspense fallback={loading}>
                    <ResumeLinkPage />
                  </Suspense>
                }
              />
              {flows
                .filter((flow) => flow.brands.includes(brand.id))
                .map((flow) => (
                  <Route key={flowKey(flow)} path={flowPath(flow)} element={flowElement(flow)} />
                ))}
              {authRoutes()}
              <Route path="/kunden" element={customerPage(<StartPage />)} />
              <Route path="/kunden/kundendaten" element={customerPage(<KundendatenPage />)} />
              <Route
                path="/kunden/kundendaten/kontaktdaten"
                element={customerPage(<KontaktdatenPage />)}
              />
              <Route path="/kunden/kontakt" element={customerPage(<KontaktPage brand={brand} />)} />
              <Route
                path="/kunden/vertraege"
                element={customerPage(<ContractsPage brand={brand.id} />)}
              />
              <Route
                path="/kunden/vertraege/:versicherungsNummer"
                element={customerPage(<ContractDetailPage brand={brand.id} />)}
              />
              <Route
                path="/kunden/umzugsservice"
                element={customerPage(<ServicePage brand={brand.id} service="umzugsservice" />)}
              />
              <Route path="/kunden/schaeden" element={customerPage(<ClaimsPage />)} />
              <Route path="/kunden/schaeden/:aktenId" element={customerPage(<ClaimDetailPage />)} />
              <Route
                path="/kunden/postfach"
                element={<Navigate replace to="/kunden/postfach/eingang" />}
              />
              <Route
                path="/kunden/postfach/eingang"
                element={customerPage(<PostfachPage box="eingang" />)}
              />
              <Route
                path="/kunden/postfach/gesendet"
                element={customerPage(<PostfachPage box="gesendet" />)}
              />
              <Route path="/kunden/postfach/:id" element={customerPage(<PostfachMessagePage />)} />
              <Route path="/vermittler" element={agentPage(<AgentStartPage />, brand.id)} />
              <Route
                path="/vermittler/kundenbestand"
                element={agentPage(<CustomerBasePage />, brand.id)}
              />
              <Route
                path="/vermittler/kunde/:partnerNummer"
                element={agentPage(<AgentCustomerPage />, brand.id)}
              />
              <Route path="/vermittler/entwuerfe" element={agentPage(<DraftsPage />, brand.id)} />
              <Route
                path="/vermittler/vertraege"
                element={agentPage(<AgentContractsPage />, brand.id)}
              />
              <Route
                path="/vermittler/schaeden"
                element={agentPage(<ClaimsPage portal="vermittler" />, brand.id)}
              />
              <Route
                path="/vermittler/schaeden/:aktenId"
                element={agentPage(<ClaimDetailPage portal="vermittler" />, brand.id)}
              />
              <Route
                path="/vermittler/vertraege/:versicherungsNummer"
                element={agentPage(<AgentContractPage brand={brand.id} />, brand.id)}
              />
              <Route
                path="/vermittler/kundendaten"
                element={agentPage(<AgentProfilePage />, brand.id)}
              />
              <Route
                path="/vermittler/einstellungen"
                element={agentPage(<AgentSettingsPage />, brand.id)}
              />
              <Route path="/vermittler/agentur" element={agentPage(<AgencyPage />, brand.id)} />
              <Route
                path="/vermittler/untervermittler"
                element={agentPage(<SubAgentsPage />, brand.id)}
              />
              <Route
                path="/vermittler/untervermittler/anlegen"
                element={agentPage(<CreateSubAgentPage />, brand.id)}
              />
              <Route
                path="/vermittler/haeufige-fragen"
                element={agentPage(
                  <FaqPage namespace="faq-vermittler" back="/vermittler/kundenbestand" />,
                  brand.id,
                )}
              />
              <Route
                path="/vermittler/nachrichten"
                element={<Navigate replace to="/vermittler/nachrichten/eingang" />}
              />
              <Route
                path="/vermittler/nachrichten/eingang"
                element={agentPage(<PostfachPage box="eingang" portal="vermittler" />, brand.id)}
              />
              <Route
                path="/vermittler/nachrichten/gesendet"
                element={agentPage(<PostfachPage box="gesendet" portal="vermittler" />, brand.id)}
              />
              <Route
                path="/vermittler/nachrichten/:id"
                element={agentPage(<PostfachMessagePage portal="vermittler" />, brand.id)}
              />
              {/* The broker mail's links: after the agent's sign-in, the message list, the contract, the customer. */}
              <Route
                path="/vermittler-nachricht"
                element={
                  <RequireAuth portal="vermittler">
                    <Navigate replace to="/vermittler/nachrichten/eingang" />
                  </RequireAuth>
                }
              />
              <Route path="/extranet/vertrag/:id" element={<ExtranetRedirect to="vertrag" />} />
              <Route
                path="/extranet/kundendaten/:id"
                element={<ExtranetRedirect to="kundendaten" />}
              />
              {(Object.keys(RESULT_PAGES) as ResultPageName[]).map((page) => (
                <Route
                  key={page}
                  path={RESULT_PAGES[page].path}
                  element={<ApplicationResultPage page={page} />}
                />
              ))}
              <Route path="*" element={<NotFound />} />
            </RouteTable>
          </Suspense>
        </main>
        <SiteFooter brand={brand} />
      </BrowserRouter>
    </BrandNameContext.Provider>
  );
}
