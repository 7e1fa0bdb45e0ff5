import { buildServer } from './app.ts';
import { openDatabase } from './db/database.ts';
import { trustProxyOf } from './http/trustProxy.ts';
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
const app = await buildServer({
  logger,
  database,
  seed: process.env['SEED'] !== 'off',
  trustProxy,
  loadShedding: {},
  localPorts,
  identity: { accessTokenSeconds: Number(process.env['IDENTITY_TOKEN_SECONDS'] ?? 3600) },
});
const claimApps = await Promise.all(
  claimAppPorts.map(() =>
    buildServer({ logger, database, migrate: false, trustProxy, loadShedding: {}, localPorts }),
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
