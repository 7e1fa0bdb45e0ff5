import { readFile, writeFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase } from '../../../apps/server/src/db/database.ts';
import { migrate } from '../../../apps/server/src/db/migrate.ts';
import { seedDatabase } from '../../../apps/server/src/seed/seed.ts';

/** The fixed "today" of the server tests (seed dates and effective dates are relative to it). */
export const TODAY = '2025-06-15';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The file of this run's PGlite template (migrated, seeded with TODAY); '' when there is none
     * (the PostgreSQL run).
     */
    pgliteTemplate: string;
  }
}

/**
 * Writes a migrated PGlite database seeded with TODAY to `file` (an uncompressed data-directory
 * tarball): what a test server's start writes into a fresh database, done once per run.
 */
export async function writeDatabaseTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database);
    await seedDatabase(database.db, { today: TODAY, root: process.cwd() });
    if (!database.dumpDataDir) throw new Error('Only PGlite can be dumped.');
    const dump = await database.dumpDataDir();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** This test file's own copy of the run's template, or undefined when the run has none. */
export async function readDatabaseTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}
