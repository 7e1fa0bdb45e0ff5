import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wizard, type WizardServices } from '#renderer';
import { uploadService } from './upload.ts';
import {
  appliesToContract,
  buildRequest,
  contextLoads,
  type WizardDefinition,
  type WizardSetup,
} from '#engine';
import type { FlowEntry } from '../../../../generated/definitions/index.ts';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import type { EndpointCatalogue } from '../../../../generated/types/endpoints.ts';
import endpointCatalogue from '../../../../definitions/api/endpoints.json';
import { environmentConfig, ENVIRONMENT } from '../config/environment.ts';
import { loadLocalEnvironment } from '../config/localEnvironment.ts';
import {
  isFrameCommand,
  reportError,
  sessionStorageOf,
  useFlags,
  useFrame,
} from '../platform/index.ts';
import { download, transport } from '../http/index.ts';
import { loadFlow, type LoadedFlow } from './loadFlow.ts';
import { entryParams } from './entryParams.ts';
import { takeHandOff } from './resumeHandOff.ts';
import { prefillValues } from './prefill.ts';
import { UnavailablePage } from './UnavailablePage.tsx';
import { useUnavailableGuard } from './unavailableGuard.ts';
import { today } from '../platform/clock.ts';
import { NotOfferedPage } from './NotOfferedPage.tsx';
import { brandImageResolver } from '../config/brand.ts';
import { NotFound } from '../pages/NotFound.tsx';

const endpoints = (endpointCatalogue as EndpointCatalogue).endpoints;
const FILE_LIMITS = { maxSizeBytes: 10 * 1024 * 1024, maxCount: 10 };

/** A flow with the data its definition loads (context.contract, context.customer, …). */
type Prepared =
  | { state: 'loading' }
  | { state: 'failed'; status: number; message?: string }
  /** The route names what the data does not have (a load's `notFoundPage` answered 404). */
  | { state: 'missing' }
  /** A change opened by URL for a contract it does not apply to (forContracts). */
  | { state: 'notOffered'; definition: WizardDefinition; contract: Record<string, unknown> }
  | {
      state: 'ready';
      flow: LoadedFlow;
      loaded: Record<string, unknown>;
      prefill: Record<string, unknown>;
    };

/** The role a flow entry runs as: the signed-in kind it requires, else not signed in. */
function roleOf(entry: FlowEntry): WizardDefinition['roles'][number] {
  return entry.roles.includes('claimant') ? 'claimant' : (entry.roles[0] ?? 'claimant');
}

/**
 * A flow's route: loads the flow and the data it declares (`load`), builds its context for the
 * brand, environment, variant and route, takes prefill values from the URL and the embedding
 * parent, and renders it. Nothing here knows a particular flow.
 */
export function FlowRoute({ entry, brand }: { entry: FlowEntry; brand: BrandConfig }) {
  const imageSrc = useMemo(() => brandImageResolver(brand), [brand]);
  const { t } = useTranslation();
  const { segment, ...routeParams } = useParams();
  const routeKey = JSON.stringify(routeParams);
  // The flow's base path with its route parameters filled in (/schaden-melden/<route>/0).
  const base = entry.baseRoute.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(routeParams[name] ?? ''),
  );
  const navigate = useNavigate();
  // react-router gives a new navigate on every change of the location: the flow's preparation
  // reads it through a ref, or each step's URL would prepare the flow (and reset it) again.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  // The flags arrive after the first render: the flow starts on the values of its preparation
  // and takes later ones without starting anew (Wizard's liveContext).
  const flags = useFlags();
  const flagsRef = useRef(flags);
  flagsRef.current = flags;
  const liveContext = useMemo(() => ({ flags: { ...flags } }), [flags]);
  const frame = useFrame();
  const [prepared, setPrepared] = useState<Prepared>({ state: 'loading' });
  // A 503 (outage, overload) holds the flow's calls and shows the unavailable page instead.
  const guard = useUnavailableGuard(transport);
  const [attempt, setAttempt] = useState(0);
  // Opened at its base route without a step and without query parameters: a new start (a link),
  // so parameters kept from an earlier run in this tab (a submitted draft's id) are forgotten.
  const [openedFresh] = useState(() => segment === undefined && window.location.search === '');

  // Context that does not depend on loaded data; the loads' rules read it.
  const baseContext = useMemo(() => {
    const environment = environmentConfig(ENVIRONMENT);
    return {
      brand: brand.id,
      environment: ENVIRONMENT,
      role: roleOf(entry),
      ...(entry.variant ? { variant: entry.variant } : {}),
      today: today(),
      config: {
        claimProducts: brand.claimProducts,
        claimApps: environment.claimApps[brand.id] ?? {},
      },
      market: brand.market,
      route: JSON.parse(routeKey) as Record<string, string>,
    };
  }, [entry, brand, routeKey]);

  useEffect(() => {
    let active = true;
    setPrepared({ state: 'loading' });
    void (async () => {
      try {
        const flow = await loadFlow(entry);
        const entryValues = entryParams(
          flow.definition,
          window.location.search,
          sessionStorageOf(window),
          { fresh: openedFresh },
        );
        // On localhost the claim apps follow the ports the server was started with.
        const local = await loadLocalEnvironment();
        const claimApps = local?.claimApps[brand.id];
        const config = claimApps ? { ...baseContext.config, claimApps } : baseContext.config;
        const flagValues = { ...flagsRef.current };
        const context = { ...baseContext, flags: flagValues, config, entry: entryValues };
        const loads = contextLoads(flow.definition, context, endpoints);
        const [answers, prefill] = await Promise.all([
          Promise.all(loads.map((load) => transport(load.request))),
          prefillValues(flow.definition, window.location.search, frame),
        ]);
        const failedAt = answers.findIndex((answer, i) => !answer.ok && !loads[i]?.optional);
        const failed = answers[failedAt];
        if (!active) return;
        if (failed?.status === 404 && loads[failedAt]?.notFoundPage) {
          setPrepared({ state: 'missing' });
          return;
        }
        const notFoundRoute = loads[failedAt]?.notFoundRoute;
        if (failed?.status === 404 && notFoundRoute) {
          navigateRef.current(notFoundRoute, { replace: true });
          return;
        }
        if (failed) {
          // A 422 refuses the flow for what it was opened with (a contract it is not offered
          // for) and says why in German.
          const message = (failed.body as { message?: unknown } | undefined)?.message;
          setPrepared({
            state: 'failed',
            status: failed.status,
            ...(failed.status === 422 && typeof message === 'string' ? { message } : {}),
          });
          return;
        }
        const loaded = Object.fromEntries(
          loads.flatMap((load, i) => (answers[i]?.ok ? [[load.name, answers[i].body]] : [])),
        );
        // A self-service change opened by URL for a contract it does not apply to says why.
        const contract = loaded['contract'] as Record<string, unknown> | undefined;
        const offer = flow.definition.forContracts;
        if (
          flow.definition.kind === 'self-service' &&
          offer &&
          contract &&
          !appliesToContract(offer, contract, baseContext.today)
        ) {
          setPrepared({ state: 'notOffered', definition: flow.definition, contract });
          return;
        }
        // Answers a resume link restored in this tab open a public flow once.
        const handedOver =
          entry.roles.includes('claimant') && !loaded['draft'] && !loaded['savedApplication']
            ? takeHandOff(sessionStorageOf(window), flow.definition.id)
            : undefined;
        setPrepared({
          state: 'ready',
          flow,
          loaded: {
            ...loaded,
            ...(handedOver ? { savedApplication: handedOver } : {}),
            flags: flagValues,
            config,
            entry: entryValues,
          },
          prefill,
        });
      } catch {
        if (active) setPrepared({ state: 'failed', status: 0 });
      }
    })();
    return () => {
      active = false;
    };
  }, [entry, brand, baseContext, frame, openedFresh, attempt]);

  const setup: WizardSetup | undefined = useMemo(() => {
    if (prepared.state !== 'ready') return undefined;
    return {
      definition: prepared.flow.definition,
      endpoints,
      context: { ...baseContext, ...prepared.loaded },
    };
  }, [prepared, baseContext]);

  // Signed-in flows upload with the session's token; a claimant's flow with the Bearer credential
  // its submit call carries (the claim app's token), so the files belong to that claim.
  const upload = useMemo(() => {
    if (!entry.roles.includes('claimant')) return uploadService('bearer');
    const submit = setup?.definition.submit;
    if (!setup || submit?.credential?.scheme !== 'Bearer') return undefined;
    const request = buildRequest(
      { endpoint: submit.endpoint, credential: submit.credential },
      setup.endpoints,
      { context: setup.context, data: {} },
      () => ({}),
    );
    const authorization = request.headers?.['Authorization'];
    return authorization && !authorization.endsWith(' ')
      ? uploadService('custom', { Authorization: authorization })
      : undefined;
  }, [entry, setup]);
  const services: WizardServices = useMemo(
    () => ({
      transport: guard.transport,
      navigate: (to, options) => navigate(`${base}/${to}`, { replace: options?.replace ?? false }),
      // A refusal page reads the refusal from the history entry's state, with the way back.
      leave: (path, state) =>
        navigate(
          path,
          state?.refusal
            ? {
                state: {
                  refusal: {
                    reason: state.refusal.reason,
                    back: state.refusal.step ? `${base}/${state.refusal.step}` : null,
                  },
                },
              }
            : undefined,
        ),
      forward: (url) => window.location.assign(url),
      notifyParent: (command, args) => {
        if (frame && isFrameCommand(command))
          frame.send(command, args as never).catch(() => undefined);
      },
      report: (info) =>
        reportError(
          new Error(`Flow call failed: ${info.definition} ${info.endpoint} ${info.status}`),
          info,
        ),
      storage: sessionStorageOf(window),
      download,
      // Loads the flow's data again (the current contract after a conflict); the wizard mounts
      // anew at the step and takes its answers from the tab's storage.
      reload: (step) => {
        navigate(`${base}/${step}`, { replace: true });
        setAttempt((n) => n + 1);
      },
      currentSegment: () => window.location.pathname.slice(base.length + 1) || undefined,
    }),
    [navigate, base, frame, guard.transport],
  );

  if (prepared.state === 'missing') return <NotFound />;
  if (prepared.state === 'notOffered')
    return <NotOfferedPage definition={prepared.definition} contract={prepared.contract} />;
  if (prepared.state === 'failed' && prepared.status === 503)
    return <UnavailablePage onRetry={() => setAttempt((n) => n + 1)} />;
  if (prepared.state === 'failed' && prepared.message !== undefined)
    return (
      <section className="wizard-page wizard-page--error">
        <h1>{t('flow.refusedTitle')}</h1>
        <p role="alert">{prepared.message}</p>
        <Link to="/">{t('flow.home')}</Link>
      </section>
    );
  if (prepared.state === 'failed')
    return (
      <section className="wizard-page wizard-page--error">
        <h1>{t(prepared.status === 404 ? 'flow.notFoundTitle' : 'flow.failedTitle')}</h1>
        <p role="alert">{t(prepared.status === 404 ? 'flow.notFoundText' : 'errors.default')}</p>
        <Link to="/">{t('flow.home')}</Link>
      </section>
    );
  if (prepared.state === 'loading' || !setup) return <p aria-live="polite">{t('app.loading')}</p>;
  // The wizard stays mounted (hidden) while the page shows: its answers and its waiting call live on.
  return (
    <>
      {guard.unavailable ? <UnavailablePage onRetry={guard.retry} /> : null}
      <div hidden={guard.unavailable}>
        <Wizard
          setup={setup}
          validators={prepared.flow.validators}
          {...(prepared.flow.deferredValidators
            ? { deferredValidators: prepared.flow.deferredValidators }
            : {})}
          services={services}
          segment={segment}
          fileLimits={FILE_LIMITS}
          imageSrc={imageSrc}
          {...(upload ? { upload } : {})}
          prefill={prepared.prefill}
          liveContext={liveContext}
          titleSuffix={brand.name}
        />
      </div>
    </>
  );
}
