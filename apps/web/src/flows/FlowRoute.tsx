import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wizard, type WizardServices } from '#renderer';
import type { WizardSetup } from '#engine';
import type { FlowEntry } from '../../../../generated/definitions/index.ts';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import type { EndpointCatalogue } from '../../../../generated/types/endpoints.ts';
import endpointCatalogue from '../../../../definitions/api/endpoints.json';
import { environmentConfig, ENVIRONMENT } from '../config/environment.ts';
import { reportError, sessionStorageOf, useFlags } from '../platform/index.ts';
import { transport } from '../http/index.ts';
import { loadFlow, type LoadedFlow } from './loadFlow.ts';
import { entryParams } from './entryParams.ts';

const endpoints = (endpointCatalogue as EndpointCatalogue).endpoints;
const FILE_LIMITS = { maxSizeBytes: 10 * 1024 * 1024, maxCount: 10 };

/** A flow's route: loads the flow, builds its context for the brand and environment, renders it. */
export function FlowRoute({ entry, brand }: { entry: FlowEntry; brand: BrandConfig }) {
  const { t } = useTranslation();
  const { segment, ...routeParams } = useParams();
  const routeKey = JSON.stringify(routeParams);
  // The flow's base path with its route parameters filled in (/schaden-melden/phv/0).
  const base = entry.baseRoute.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(routeParams[name] ?? ''),
  );
  const navigate = useNavigate();
  const location = useLocation();
  const [flow, setFlow] = useState<LoadedFlow | 'failed' | undefined>();
  const flags = useFlags();
  useEffect(() => {
    let active = true;
    loadFlow(entry).then(
      (loaded) => active && setFlow(loaded),
      () => active && setFlow('failed'),
    );
    return () => {
      active = false;
    };
  }, [entry]);

  const setup: WizardSetup | undefined = useMemo(() => {
    if (!flow || flow === 'failed') return undefined;
    const environment = environmentConfig(ENVIRONMENT);
    const route = JSON.parse(routeKey) as Record<string, string>;
    return {
      definition: flow.definition,
      endpoints,
      context: {
        brand: brand.id,
        environment: ENVIRONMENT,
        role: 'claimant',
        flags: { ...flags },
        config: {
          claimProducts: brand.claimProducts,
          claimApps: environment.claimApps[brand.id] ?? {},
        },
        route,
        entry: entryParams(flow.definition, window.location.search, sessionStorageOf(window)),
      },
    };
  }, [flow, brand, routeKey, flags]);

  const services: WizardServices = useMemo(
    () => ({
      transport,
      navigate: (to, options) => navigate(`${base}/${to}`, { replace: options?.replace ?? false }),
      forward: (url) => window.location.assign(url),
      report: (info) =>
        reportError(
          new Error(`Flow call failed: ${info.definition} ${info.endpoint} ${info.status}`),
          info,
        ),
      storage: sessionStorageOf(window),
      currentSegment: () => window.location.pathname.slice(base.length + 1) || undefined,
    }),
    [navigate, base],
  );
  void location;

  if (flow === 'failed') return <p role="alert">{t('errors.default')}</p>;
  if (!flow || !setup) return <p aria-live="polite">{t('app.loading')}</p>;
  return (
    <Wizard
      setup={setup}
      validators={flow.validators}
      services={services}
      segment={segment}
      fileLimits={FILE_LIMITS}
    />
  );
}
