import { buildServer } from './app.ts';

const port = Number(process.env['PORT'] ?? 4600);
const host = process.env['HOST'] ?? '127.0.0.1';

// PostgreSQL when DATABASE_URL is set, else embedded PGlite in PGLITE_DIR (default .data/pglite).
// Migrations run on start; the demo data is written when the database is empty (SEED=off skips it).
const app = await buildServer({
  logger: process.env['LOG'] !== 'off',
  databaseUrl: process.env['DATABASE_URL'] || undefined,
  dataDir: process.env['PGLITE_DIR'] || undefined,
  seed: process.env['SEED'] !== 'off',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host });
process.stdout.write(`\nPlattform läuft: http://localhost:${port}/\n\n`);
