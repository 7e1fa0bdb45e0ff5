import { buildServer } from './app.ts';
import { openDatabase } from './db/database.ts';
import { trustProxyOf } from './http/trustProxy.ts';
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
if (settleEvery && !/^\d+$/.test(settleEvery))
  throw new Error(`SETTLE_INTERVAL_MS must be a whole number of milliseconds, not ${settleEvery}`);
// Upload limits (spec: maximum size and count are configurable): UPLOAD_MAX_BYTES (default 10 MiB),
// UPLOAD_MAX_FILES (default 10), UPLOAD_DIR (default .data/uploads). Every process takes the same.
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
// Saved applications end SAVED_APPLICATION_DAYS after the last save (default 30), resume links
// RESUME_LINK_DAYS after they were sent (default 7).
const keepDays = uploadLimit('SAVED_APPLICATION_DAYS');
const linkDays = uploadLimit('RESUME_LINK_DAYS');
const savedApplications = {
  ...(keepDays ? { keepDays } : {}),
  ...(linkDays ? { linkDays } : {}),
};
const clockOptions = {
  ...(today ? { today } : {}),
  ...(settleEvery ? { settleIntervalMs: Number(settleEvery) } : {}),
};
const app = await buildServer({
  logger,
  database,
  ...clockOptions,
  uploads,
  savedApplications,
  seed: process.env['SEED'] !== 'off',
  trustProxy,
  ...loadShedding,
  localPorts,
  identity: { accessTokenSeconds: Number(process.env['IDENTITY_TOKEN_SECONDS'] ?? 3600) },
});
const claimApps = await Promise.all(
  claimAppPorts.map(() =>
    buildServer({
      logger,
      database,
      migrate: false,
      trustProxy,
      ...loadShedding,
      localPorts,
      ...clockOptions,
      uploads,
    }),
  ),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([app, ...claimApps].map((a) => a.close()))
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
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
