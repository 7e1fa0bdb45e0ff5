import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeDatabaseTemplate } from '../server/helpers/databaseTemplate.ts';

/**
 * Global setup: builds the migrated and seeded PGlite template once per run (fresh every run, never
 * cached between runs), so a server test file loads a copy in about a second instead of running
 * initdb, the migrations and the seed (3 to 5 s). Nothing to build when the tests run on
 * PostgreSQL (DATABASE_URL): there each file gets a schema of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env['DATABASE_URL']) {
    project.provide('pgliteTemplate', '');
    return async () => undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const file = join(dir, 'template.tar');
  await writeDatabaseTemplate(file);
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
