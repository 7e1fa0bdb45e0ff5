import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatISO } from 'date-fns';
import { noAuthentication, testAuthentication, type Authenticate } from './auth/index.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { installErrorHandler, sendNoSuchAddress } from './http/errors.ts';
import { installBodyTimeout } from './http/bodyTimeout.ts';
import { frameworkErrorOptions } from './http/clientErrors.ts';
import { installInputHygiene } from './http/inputHygiene.ts';
import { createLifecycle, installHealth, type Lifecycle } from './http/health.ts';
import { installMetrics, type Metrics } from './http/metrics.ts';
import { installLoadShedding, type LoadSheddingOptions } from './http/loadShedding.ts';
import { installSecurityHeaders, securityHeaders } from './http/securityHeaders.ts';
import { routeHtml } from './http/routePreloads.ts';
import { missingRoutes } from './http/missingRoutes.ts';
import { REVALIDATE, staticOptions } from './http/staticAssets.ts';
import { loggingOptions, type LogStream } from './http/logging.ts';
import { installValidator } from './http/validator.ts';
import { defaultTariffs, loadTariffs, type TariffCatalogue } from './tariffs/index.ts';
import { createFlowRegistry } from './flows/registry.ts';
import { reasonCatalogue } from './contracts/reasons.ts';
import { validationRuntime } from '../../../engine/validation/index.ts';
import type { RouteContext } from './routes/context.ts';
import { registerVertragBeitragRoutes } from './routes/vertragBeitrag.ts';
import { legacyUploadDir, uploadConfigOf, type UploadOptions } from './portal/uploadStore.ts';
import { databaseFileStore } from './files/databaseStore.ts';
import { s3FileStore, type S3StoreOptions } from './files/s3Store.ts';
import { registerPortalRoutes } from './routes/portal.ts';
import { registerKundendatenRoutes } from './routes/kundendaten.ts';
import { registerPublicRoutes } from './routes/public.ts';
import { registerUploadRoutes } from './routes/uploads.ts';
import { registerSavedApplicationRoutes } from './routes/savedApplications.ts';
import type { SavedApplicationOptions } from './applications/saved.ts';
import { registerVertragDatenRoutes } from './routes/vertragDaten.ts';
import { registerVertragEndeRoutes } from './routes/vertragEnde.ts';
import { registerVertragReadRoutes } from './routes/vertragRead.ts';
import { registerVertragSaveRoute } from './routes/genericSave.ts';
import { registerVertragSaveRoutes } from './routes/pathSaves.ts';
import { seedDatabase } from './seed/seed.ts';
import { seedIdentityUsers } from './seed/identityUsers.ts';
import { registerClaimRoutes } from './claims/index.ts';
import {
  flagValues,
  LOCAL_ENVIRONMENT_PATH,
  registerPlatformRoutes,
  type LocalPorts,
} from './platform/index.ts';
import { installSettlement } from './routes/settleHook.ts';
import { changeCatalogue, defaultChangeKinds } from './contracts/changeCatalogue.ts';
import { fillPendingLists } from './contracts/pendingLists.ts';
import { contractDocumentsOf, type ListedDocument } from './documents/contractDocumentList.ts';
import { DEFAULT_LEASE_SECONDS } from './idempotency/idempotency.ts';
import { registerAgentRoutes } from './agents/index.ts';
import { registerApplicationRoutes } from './routes/applications.ts';
import { registerDocumentRoutes } from './routes/applicationDocuments.ts';
import { registerFinderRoutes } from './finders/index.ts';
import {
  bearerAuthentication,
  registerIdentityRoutes,
  DEFAULT_POOLS,
  type IdentityOptions,
} from './identity/index.ts';

/** Options of {@link buildServer}. */
export interface ServerOptions {
  /** Folder of the built web app (vite build output); not served when absent. */
  webRoot?: string;
  /** Log requests (structured JSON, request ids, no personal data); off in tests. */
  logger?: boolean;
  /** Where log lines go (turns logging on); tests use it to search the logs. */
  logStream?: LogStream;
  /** An open database to use; the caller keeps ownership and closes it. */
  database?: Database;
  /** PostgreSQL URL used when no `database` is given (main.ts passes DATABASE_URL). */
  databaseUrl?: string;
  /** PGlite data directory used when neither `database` nor `databaseUrl` is given (default .data/pglite). */
  dataDir?: string;
  /** Apply pending migrations on start (default true). */
  migrate?: boolean;
  /** Write the demo data when the database is empty (default false; main.ts turns it on). */
  seed?: boolean;
  /** Accept the test identity headers `x-test-partner` / `x-test-vermittler`. Never on by default. */
  testAuth?: boolean;
  /** Resolves the caller; overrides `testAuth`. Default: nobody is signed in (401). */
  authenticate?: Authenticate;
  /** Today as an ISO date; default the system clock. */
  today?: () => string;
  /**
   * How often all contracts are swept for due changes, expired contracts and revenue reminders (ms;
   * default hourly; 0: only at start and when a request starts a new day of the clock).
   */
  settleIntervalMs?: number;
  /**
   * The clock of the throttles (claim look-up, contract type), of claim tokens (and of uploads
   * with a claim token) and of the leases of idempotency keys; default the system clock.
   */
  clock?: () => Date;
  /**
   * Idempotency keys: `leaseSeconds` a running key is held before a retry may take it over and run
   * the work again (default 30; main.ts: IDEMPOTENCY_LEASE_SECONDS).
   */
  idempotency?: { leaseSeconds?: number };
  /**
   * Which proxies may name the client in `X-Forwarded-For` (Fastify's `trustProxy`: `true`, a hop
   * count, or addresses and CIDR ranges). Default: none, the socket's address is the client.
   * Behind a load balancer set it (main.ts: TRUST_PROXY), or every client shares one throttle.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Tariffs to price with; default definitions/tariffs. */
  tariffs?: TariffCatalogue;
  /** The identity service (sign-in) with bearer-token authentication; off when absent. */
  identity?: Omit<IdentityOptions, 'db'>;
  /**
   * Load shedding (http/loadShedding.ts): 503 with Retry-After beyond capacity. Off unless given;
   * main.ts turns it on with the defaults.
   */
  loadShedding?: LoadSheddingOptions;
  /**
   * The ports a local server was started with (main.ts: PORT, CLAIM_APP_PORTS): in the localhost
   * environment the claim entry forwards to these claim-app ports and the platform's own port may
   * embed it (GET /api/platform/lokal, frame-ancestors).
   */
  localPorts?: LocalPorts;
  /** Upload limits (default 10 MiB, 10 files) and the folder of earlier versions' uploads. */
  uploads?: UploadOptions;
  /**
   * Files (uploads, PDFs placed in a Postfach) in this S3 bucket, with presigned browser uploads;
   * default the database (table `files`). main.ts: S3_BUCKET, S3_REGION, S3_ENDPOINT.
   */
  s3?: S3StoreOptions;
  /**
   * The server's life as the readiness probe reports it (GET /readyz): main.ts drains it on
   * SIGTERM. Default: a lifecycle of this server alone.
   */
  lifecycle?: Lifecycle;
  /** Request metrics in the Prometheus format (http/metrics.ts); main.ts serves them on METRICS_PORT. Off unless given. */
  metrics?: Metrics;
  /**
   * Offers and advice records filed in a customer's Postfach: at most `filedPerCustomerPerDay` of
   * each kind per customer within 24 hours (default 20); beyond it 429.
   */
  documents?: { filedPerCustomerPerDay?: number };
  /**
   * How long saved applications (30 days after the last save) and resume links (7 days) last;
   * main.ts: SAVED_APPLICATION_DAYS, RESUME_LINK_DAYS.
   */
  savedApplications?: SavedApplicationOptions;
  /**
   * The folder holding definitions/ and generated/ (flows, their texts, brands, static documents,
   * tariffs, the contract view schema); default the working directory. Tests point it at a copy
   * to show a broken template or to add a line.
   */
  definitionsRoot?: string;
}

/**
 * The reference backend: the contract API of spec section 7 over PGlite or PostgreSQL, and the
 * built web app with the SPA's routes falling back to index.html.
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  // A bucket's store first: direct uploads go from the browser to it (the CSP's connect-src).
  const bucket = options.s3 ? await s3FileStore(options.s3) : undefined;
  const headers = securityHeaders({
    ...(options.localPorts ? { localPorts: options.localPorts } : {}),
    ...(bucket?.direct ? { connectOrigins: [bucket.direct.origin] } : {}),
  });
  const app = Fastify({
    ...loggingOptions(options.logger ?? false, options.logStream),
    trustProxy: options.trustProxy ?? false,
    // Closing (SIGTERM): a request still arriving on an open connection is answered as usual,
    // with `Connection: close`, instead of an English 503: nothing a client sent is lost.
    return503OnClosing: false,
    // A path that is no valid URL component (`%E0%A4%A`) gets the usual 400 shape, and what Node
    // refuses before Fastify (431 headers too large) a German answer; both with the headers.
    ...frameworkErrorOptions(headers),
  });
  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    (await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir }));
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  const today = options.today ?? (() => formatISO(new Date(), { representation: 'date' }));
  const root = resolve(options.definitionsRoot ?? process.cwd());
  // The change kinds of its definitions (a copy's definitions/changes/: a new line's change too).
  const kinds =
    options.definitionsRoot === undefined
      ? defaultChangeKinds()
      : changeCatalogue(join(root, 'definitions', 'changes'));
  try {
    if (options.migrate ?? true) await migrate(database);
    if (options.seed) await seedDatabase(database.db, { today: today(), root });
    // With the migrations: pending changes saved before lists were stored get theirs.
    if ((options.migrate ?? true) || options.seed) await fillPendingLists(database.db, kinds);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  const files = bucket ?? databaseFileStore(database.db, legacyUploadDir(options.uploads));
  const uploadConfig = uploadConfigOf(options.uploads ?? {}, files);

  installValidator(app);
  installErrorHandler(app);
  // Before the load shedding: shed requests are timed and counted too.
  if (options.metrics) await installMetrics(app, options.metrics);
  installHealth(app, database.db, options.lifecycle ?? createLifecycle());
  if (options.loadShedding) await installLoadShedding(app, options.loadShedding);
  installBodyTimeout(app);
  installInputHygiene(app);
  installSecurityHeaders(app, headers);
  // One clock: the validation module's date keywords (start within 1..90 days) read the server's today,
  // until the server closes (then the clock it found is back: another server or test in the process).
  const clockBefore = validationRuntime.now;
  validationRuntime.now = () => {
    const [year = 1970, month = 1, day = 1] = today().split('-').map(Number);
    return new Date(year, month - 1, day, 12);
  };
  app.addHook('onClose', async () => {
    validationRuntime.now = clockBefore;
  });
  // Another definitions root (a test's copy) prices with its own tariffs.
  const tariffs =
    options.tariffs ??
    (options.definitionsRoot === undefined
      ? defaultTariffs()
      : loadTariffs(join(root, 'definitions', 'tariffs'), root));
  const flows = createFlowRegistry(tariffs, root);
  const context: RouteContext = {
    db: database.db,
    authenticate:
      options.authenticate ??
      (options.testAuth === true
        ? testAuthentication
        : options.identity
          ? bearerAuthentication({ db: database.db, ...options.identity })
          : noAuthentication),
    tariffs,
    kinds,
    flows,
    reasons: reasonCatalogue({ tariffs, flows, root }),
    today,
    idempotency: {
      db: database.db,
      leaseSeconds: options.idempotency?.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
      now: options.clock ?? (() => new Date()),
    },
    ...(options.clock ? { clock: options.clock } : {}),
  };
  let listed: ((produkt: string) => ListedDocument[]) | undefined;
  context.issue = {
    flows: context.flows,
    tariffs,
    delivery: { root, uploads: uploadConfig },
    documentsOf: (produkt) => (listed ??= contractDocumentsOf(root))(produkt),
    now: options.clock ?? (() => new Date()),
  };
  installSettlement(app, {
    db: database.db,
    tariffs,
    kinds,
    today,
    intervalMs: options.settleIntervalMs ?? 60 * 60 * 1000,
    oneWriter: database.kind === 'pglite',
    issue: context.issue,
  });
  registerVertragReadRoutes(app, context);
  registerVertragBeitragRoutes(app, context);
  registerVertragSaveRoute(app, context);
  registerVertragSaveRoutes(app, context);
  registerVertragDatenRoutes(app, context, { root });
  registerVertragEndeRoutes(app, context);
  registerPortalRoutes(app, context, uploadConfig);
  registerKundendatenRoutes(app, context);
  registerPublicRoutes(app, context, { root });
  await registerUploadRoutes(app, context, uploadConfig, options.clock);
  registerClaimRoutes(app, {
    db: database.db,
    idempotency: context.idempotency,
    ...(options.clock ? { now: options.clock } : {}),
    root,
  });
  registerFinderRoutes(app);
  registerApplicationRoutes(app, context);
  registerSavedApplicationRoutes(app, context, options.savedApplications ?? {});
  registerDocumentRoutes(app, context, {
    root,
    uploads: uploadConfig,
    ...(options.documents?.filedPerCustomerPerDay
      ? { filedPerCustomerPerDay: options.documents.filedPerCustomerPerDay }
      : {}),
  });
  registerAgentRoutes(app, context, {
    poolName: (options.identity?.pools?.vermittler ?? DEFAULT_POOLS.vermittler).userPoolId.split(
      '_',
    )[1] as string,
  });
  await registerPlatformRoutes(app, options.localPorts ? { localPorts: options.localPorts } : {});
  if (options.identity) {
    await registerIdentityRoutes(app, {
      db: database.db,
      ...(options.seed === true ? { seedUsers: seedIdentityUsers } : {}),
      ...options.identity,
    });
  }

  const webRoot = resolve(options.webRoot ?? 'dist/web');
  const hasWeb = existsSync(webRoot);
  if (hasWeb) await app.register(fastifyStatic, staticOptions(webRoot));
  const htmlOf = routeHtml(
    webRoot,
    () => context.flows.definitions(),
    // The defaults the app starts from (its texts' first source); not the local values file.
    () => flagValues(join(root, 'definitions'), undefined),
    // Locally every flow route awaits the server's ports before its first step (FlowRoute).
    app.hasRoute({ method: 'GET', url: LOCAL_ENVIRONMENT_PATH }) ? [LOCAL_ENVIRONMENT_PATH] : [],
  );
  const routeMissing = missingRoutes(
    () => context.flows.definitions(),
    root,
    async (url) => (await app.inject({ method: 'GET', url })).statusCode,
  );
  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed file (an old chunk after a deploy) is a 404, not the app's HTML as script.
    const spaRoute = !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (hasWeb && request.method === 'GET' && spaRoute) {
      const pathname = request.url.split('?')[0] ?? '/';
      // A flow's address naming what its data does not have (a claim app of no claim product):
      // the app shows its not-found page, and the status says so too.
      if (await routeMissing(pathname))
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', REVALIDATE)
          .sendFile('index.html');
      // A flow route names the modules it will need, so they load beside the entry script.
      const html = htmlOf(pathname, request.hostname);
      if (html !== undefined)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', REVALIDATE)
          .send(html);
      return reply.type('text/html').sendFile('index.html');
    }
    return sendNoSuchAddress(reply);
  });
  return app;
}
