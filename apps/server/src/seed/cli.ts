// `tsx apps/server/src/seed/cli.ts`: migrates the database (DATABASE_URL, else PGlite in
// PGLITE_DIR or .data/pglite) and writes the demo data when it is empty.
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDatabase } from './seed.ts';

const database = await openDatabase({
  url: process.env['DATABASE_URL'],
  dataDir: process.env['PGLITE_DIR'],
});
try {
  const applied = await migrate(database);
  const summary = await seedDatabase(database.db);
  process.stdout.write(
    `Migrationen eingespielt: ${applied.length}. ` +
      (summary.seeded
        ? `Demodaten geschrieben: ${summary.partners} Kunden, ${summary.agents} Vermittler, ${summary.contracts} Verträge.\n`
        : 'Die Datenbank enthält schon Daten; nichts geschrieben.\n'),
  );
} finally {
  await database.close();
}
