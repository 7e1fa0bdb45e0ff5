import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// The server tests that measure time or load (throttles, load shedding, slow bodies): `npm test`
// runs them alone (project "timed"), never beside other test files or the browser tests.
const TIMED = [
  'tests/server/throttles.test.ts',
  'tests/server/identity.throttle.test.ts',
  'tests/server/loadShedding.test.ts',
  'tests/server/slowBodies.test.ts',
];

// A test file that mocks or replaces modules or globals gets a module registry of its own; every
// other file shares one registry per worker (`isolate: false`), found by reading the files, so a
// new file is never left in the wrong place. Importing the server or React anew for every file was
// most of the run: the PostgreSQL server run took 7 min 15 s with isolation and 3 min 12 s without.
const MOCKS = /\bvi\.(mock|doMock|stubGlobal|resetModules)\(/;
const mocking = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join('tests', file))
  .filter((file) => MOCKS.test(readFileSync(file, 'utf8')));

const common = {
  // Worker threads instead of a process per file: 539 s instead of 690 s for the whole suite.
  pool: 'threads' as const,
  setupFiles: ['tests/setup/matchers.ts'],
  testTimeout: 20_000,
  // A server test's setup opens a database: on a loaded machine that outlasted the default 10 s.
  hookTimeout: 30_000,
  environment: 'node',
  // A focused test (`.only`) fails the run everywhere, not only on CI (lint refuses it too).
  allowOnly: false,
};
// The migrated and seeded PGlite template the server tests copy (built once per run).
const databaseTemplate = ['tests/setup/databaseTemplate.ts'];

export default defineConfig({
  test: {
    reporters: process.env['CI_REPORT'] ? ['default', 'json'] : ['default'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        test: {
          ...common,
          name: 'shared',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...TIMED, ...mocking],
          isolate: false,
          globalSetup: databaseTemplate,
        },
      },
      {
        test: { ...common, name: 'mocking', include: mocking },
      },
      {
        test: {
          ...common,
          name: 'timed',
          include: TIMED,
          isolate: false,
          globalSetup: databaseTemplate,
        },
      },
    ],
  },
});
