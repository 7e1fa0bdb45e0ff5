import { buildServer } from './app.ts';
import { openDatabase } from './db/database.ts';
import { trustProxyOf } from './http/trustProxy.ts';
import { createLifecycle } from './http/health.ts';
import { createMetrics, serveMetrics } from './http/metrics.ts';
import { shutdownOnSignals } from './http/shutdown.ts';
import { localBase, untilServing } from './http/untilServing.ts';
import { claimAppPortsOf, DEFAULT_PORT } from './platform/index.ts';

const port = Number(process.env['PORT'] ?? DEFAULT_PORT);
const host = process.env['HOST'] ?? '127.0.0.1';
// The claim apps of the localhost environment (definitions/environments/localhost.json): private
// liability on 4610, household on 4620 unless CLAIM_APP_PORTS moves them; CLAIM_APP_PORTS=""
// turns them off. The claim entry forwards to the ports given here, and the demo parent on PORT
// may embed the platform (localPorts).
const claimAppPorts = claimAppPortsOf(process.env['CLAIM_APP_PORTS']);
const localPorts = { port, claimAppPorts };

// PostgreSQL when DATABASE_URL is set, else embedded PGlite in PGLITE_DIR (default .data/pglite).
// Migrations run on start; the demo data is written when the database is empty (SEED=off skips it).
// One database serves every port.
const database = await openDatabase({
  url: process.env['DATABASE_URL'] || undefined,
  dataDir: process.env['PGLITE_DIR'] || undefined,
});
const logger = process.env['LOG'] !== 'off';
// The proxies that may name the client in X-Forwarded-For (the throttles' client address):
// TRUST_PROXY=true or the proxies' addresses and CIDR ranges ("10.0.0.0/8,127.0.0.1").
const trustProxy = trustProxyOf(process.env['TRUST_PROXY']);
// The server's clock may be set outside production: SERVER_TODAY=2025-08-01 makes every process
// started with it live on that day (a test starts two processes past a change's effective date).
// Production (NODE_ENV=production) ignores it and says so. SETTLE_INTERVAL_MS overrides how often
// due contract changes are swept (default hourly).
const fixedDay = process.env['SERVER_TODAY'];
const production = process.env['NODE_ENV'] === 'production';
if (fixedDay && production) process.stderr.write('SERVER_TODAY is ignored in production.\n');
if (fixedDay && !production && !/^\d{4}-\d{2}-\d{2}$/.test(fixedDay))
  throw new Error(`SERVER_TODAY must be a date like 2025-08-01, not ${fixedDay}`);
const today = fixedDay && !production ? () => fixedDay : undefined;
const settleEvery = process.env['SETTLE_INTERVAL_MS'];
// LOAD_SHEDDING=off (the browser tests; never in production): no 503 when the machine is busy.
const loadShedding =
  process.env['LOAD_SHEDDING'] === 'off' && !production ? {} : { loadShedding: {} };
// DEV_OUTBOX=on (a developer's machine; never in production): GET /api/identity/dev/outbox lists
// the codes and links the service "sent", to callers on this machine only. Off by default.
const devOutboxSetting = process.env['DEV_OUTBOX'] ?? '';
if (!['', 'on', 'off'].includes(devOutboxSetting))
  throw new Error(`DEV_OUTBOX must be on or off, not ${devOutboxSetting}`);
if (devOutboxSetting === 'on' && production)
  process.stderr.write('DEV_OUTBOX is ignored in production.\n');
const devOutbox = devOutboxSetting === 'on' && !production;
if (settleEvery && !/^\d+$/.test(settleEvery))
  throw new Error(`SETTLE_INTERVAL_MS must be a whole number of milliseconds, not ${settleEvery}`);
// Upload limits (spec: maximum size and count are configurable): UPLOAD_MAX_BYTES (default 10 MiB),
// UPLOAD_MAX_FILES (default 10); UPLOAD_DIR (default .data/uploads) is where earlier versions stored
// uploads, still read (files are stored in the database or S3 now). Every process takes the same.
const uploadLimit = (name: string): number | undefined => {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9]\d*$/.test(value))
    throw new Error(`${name} must be a positive whole number, not ${value}`);
  return Number(value);
};
const maxSizeBytes = uploadLimit('UPLOAD_MAX_BYTES');
const maxCount = uploadLimit('UPLOAD_MAX_FILES');
const uploads = {
  ...(process.env['UPLOAD_DIR'] ? { dir: process.env['UPLOAD_DIR'] } : {}),
  ...(maxSizeBytes ? { maxSizeBytes } : {}),
  ...(maxCount ? { maxCount } : {}),
};
// Files (uploads, PDFs placed in a Postfach) go to an S3 bucket when S3_BUCKET is set (S3_REGION,
// S3_ENDPOINT for an S3-compatible server; credentials from the AWS SDK's chain: AWS_ACCESS_KEY_ID
// and AWS_SECRET_ACCESS_KEY, a profile, the instance's or container's role), else to the database.
const s3Bucket = process.env['S3_BUCKET'];
const files = s3Bucket
  ? {
      s3: {
        bucket: s3Bucket,
        ...(process.env['S3_REGION'] || process.env['AWS_REGION']
          ? { region: process.env['S3_REGION'] || process.env['AWS_REGION'] }
          : {}),
        ...(process.env['S3_ENDPOINT'] ? { endpoint: process.env['S3_ENDPOINT'] } : {}),
      },
    }
  : {};
// Saved applications end SAVED_APPLICATION_DAYS after the last save (default 30), resume links
// RESUME_LINK_DAYS after they were sent (default 7).
const keepDays = uploadLimit('SAVED_APPLICATION_DAYS');
const linkDays = uploadLimit('RESUME_LINK_DAYS');
const savedApplications = {
  ...(keepDays ? { keepDays } : {}),
  ...(linkDays ? { linkDays } : {}),
};
// IDEMPOTENCY_LEASE_SECONDS: how long a running Idempotency-Key is held before a retry may take
// it over (default 30; the crash test sets 1).
const leaseSeconds = uploadLimit('IDEMPOTENCY_LEASE_SECONDS');
const clockOptions = {
  ...(today ? { today } : {}),
  ...(settleEvery ? { settleIntervalMs: Number(settleEvery) } : {}),
  ...(leaseSeconds ? { idempotency: { leaseSeconds } } : {}),
};
// The readiness probe (GET /readyz) reports not-ready from SIGTERM on. Request metrics in the
// Prometheus format are served on METRICS_PORT (off when unset) of METRICS_HOST (default
// loopback): a port of their own that the load balancer does not forward.
const lifecycle = createLifecycle();
const metricsPort = uploadLimit('METRICS_PORT');
const metrics = metricsPort ? createMetrics() : undefined;
const app = await buildServer({
  logger,
  lifecycle,
  ...(metrics ? { metrics } : {}),
  database,
  ...clockOptions,
  uploads,
  ...files,
  savedApplications,
  seed: process.env['SEED'] !== 'off',
  trustProxy,
  ...loadShedding,
  localPorts,
  identity: {
    accessTokenSeconds: Number(process.env['IDENTITY_TOKEN_SECONDS'] ?? 3600),
    devOutbox,
  },
});
const claimApps = await Promise.all(
  claimAppPorts.map(() =>
    buildServer({
      logger,
      database,
      lifecycle,
      migrate: false,
      trustProxy,
      ...loadShedding,
      localPorts,
      ...clockOptions,
      uploads,
      ...files,
    }),
  ),
);
const metricsServer =
  metrics && metricsPort
    ? await serveMetrics(metrics, metricsPort, process.env['METRICS_HOST'] || '127.0.0.1')
    : undefined;
// SIGTERM and SIGINT: not-ready at once, DRAIN_DELAY_MS (default 0) for the load balancer to see
// it, then no new connections, the requests in flight answered, the settle sweep handed back,
// exit 0; after SHUTDOWN_TIMEOUT_MS (default 10 s) the rest is cut off, exit 1.
const drainDelayMs = uploadLimit('DRAIN_DELAY_MS');
const timeoutMs = uploadLimit('SHUTDOWN_TIMEOUT_MS');
shutdownOnSignals({
  servers: [app, ...claimApps],
  lifecycle,
  closeShared: async () => {
    metricsServer?.close();
    await database.close();
  },
  ...(drainDelayMs ? { drainDelayMs } : {}),
  ...(timeoutMs ? { timeoutMs } : {}),
});
await app.listen({ port, host });
await Promise.all(claimApps.map((a, i) => a.listen({ port: claimAppPorts[i] ?? 0, host })));
// The banner only once a request gets its real answer, not the start's load-shedding 503: an API
// call every server has (the claim apps too), answered 401 without sign-in and without the database.
const probe = '/api/vertrag/vertrag/widerrufsgruende';
await Promise.all(
  [port, ...claimAppPorts].map((p) => untilServing(`${localBase(host, p)}${probe}`)),
);
process.stdout.write(
  [
    '',
    `Plattform läuft: http://localhost:${port}/`,
    `Schadenmeldung:  http://localhost:${port}/schaden-melden (Marke wählen mit ?brand=hfk)`,
    ...claimAppPorts.map((p) => `Schaden-App:     http://localhost:${p}/`),
    '',
    '',
  ].join('\n'),
);
