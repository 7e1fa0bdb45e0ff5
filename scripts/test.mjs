// `npm test`: the whole suite in CI order (STYLE.md point 12): definitions check, generated files,
// lint, typecheck, unit and integration tests, build, browser tests. With TEST_DATABASE_URL set, the
// server tests run a second time on PostgreSQL beside the browser tests (after the build, while
// Playwright runs; both are awaited): their output goes to reports/vitest-postgres.log and is
// printed when Playwright has ended, so the two runners' lines never interleave. The server tests
// that measure time or load run alone on each database, never beside other work. Every step runs
// even when an earlier one failed, so one run shows everything; the last line counts the tests from
// vitest's and Playwright's JSON reports (a failed gate counts as one failed test), and the exit
// code is non-zero when anything failed. The line cannot say green for a failed stage: a runner
// that exits non-zero without a counted failure adds one, a missing report counts one failed, and
// so do a vitest run that found no test file, an error outside the tests (an unhandled rejection)
// and each of Playwright's global errors (a web server that never started).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
/** Tests that did not run: skipped (a `runIf` block without its database) or marked todo. */
let skipped = 0;
const failures = [];

function run(label, command, args, env = {}) {
  process.stdout.write(`\n▶ ${label}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/**
 * Spawns a runner without blocking this process (a background run's exit is seen when it happens);
 * resolves to whether it exited with 0 and a line saying how and when it ended.
 */
function spawnRunner(label, command, args, stdio, env = {}) {
  const started = Date.now();
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    let settled = false;
    const settle = (succeeded, how) => {
      if (settled) return;
      settled = true;
      const seconds = Math.round((Date.now() - started) / 1000);
      resolveRun({ succeeded, summary: `${label}: ${how} after ${seconds} s` });
    };
    child.once('error', (error) => settle(false, `could not start (${error.message})`));
    child.once('exit', (code, signal) =>
      settle(code === 0, signal ? `ended by ${signal}` : `exit code ${code}`),
    );
  });
}

/** Starts a runner in the background, its stdout and stderr going to `logFile`. */
function start(label, command, args, logFile, env = {}) {
  process.stdout.write(`\n▶ ${label}: started in the background, output in ${logFile}\n`);
  const fd = openSync(logFile, 'w');
  return spawnRunner(label, command, args, ['ignore', fd, fd], env).finally(() => closeSync(fd));
}

/** Adds one failure when a runner exited non-zero but its report counted none. */
function exitCounts(label, succeeded, failedBefore) {
  if (succeeded || failed > failedBefore) return;
  failed += 1;
  failures.push(`${label} (exit code not 0, no failed test in the report)`);
}

function gate(label, command, args) {
  if (!run(label, command, args)) {
    failed += 1;
    failures.push(label);
  }
}

function countVitest(file, label) {
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if ((report.numTotalTestSuites ?? 0) === 0) {
    failed += 1;
    failures.push(`${label} (no test file found)`);
  } else if (report.success === false && (report.numFailedTests ?? 0) === 0) {
    failed += 1;
    failures.push(`${label} (an error outside the tests)`);
  } else if (report.success === false) failures.push(label);
}

function countPlaywright(file) {
  if (!existsSync(file)) {
    failed += 1;
    failures.push('e2e (no report)');
    return;
  }
  const { stats, errors } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
  if ((stats?.unexpected ?? 0) > 0) failures.push('e2e');
  // Errors outside any test (the web server did not start, a spec that does not load).
  const globalErrors = Array.isArray(errors) ? errors.length : 0;
  if (globalErrors > 0) {
    failed += globalErrors;
    failures.push(`e2e (${globalErrors} error(s) outside the tests)`);
  }
  if (
    globalErrors === 0 &&
    (stats?.expected ?? 0) + (stats?.unexpected ?? 0) + (stats?.flaky ?? 0) === 0
  ) {
    failed += 1;
    failures.push('e2e (no test ran)');
  }
}

if (!existsSync('node_modules/.package-lock.json'))
  gate('npm ci', 'npm', ['ci', '--no-audit', '--no-fund']);
gate('definitions:check', 'npx', ['tsx', 'codegen/cli/definitionsCheck.ts']);
gate('codegen:check', 'npx', ['tsx', 'codegen/cli/generate.ts', '--check']);
gate('lint', 'npx', ['eslint', '.']);
gate('format', 'npx', ['prettier', '--check', '.']);
gate('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);

// The server tests that measure time or load (throttles, load shedding, slow bodies) are the
// project "timed" of vitest.config.ts: they run alone, never beside other test files or the
// browser tests, whose load they would measure. The projects "shared" and "mocking" are the rest.
const UNTIMED = ['--project', 'shared', '--project', 'mocking'];
const TIMED = ['--project', 'timed'];

let before = failed;
// Vitest's default is one worker fewer than the cores: one worker on CI's two. A worker per core
// (the runner's own thread is light): the PGlite phase took 634 s instead of 913 s on two cores.
const workers = Math.max(2, availableParallelism());
let ok = run('unit and integration tests (PGlite)', 'npx', [
  'vitest',
  'run',
  `--maxWorkers=${workers}`,
  ...UNTIMED,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/vitest.json`,
]);
countVitest(`${reports}/vitest.json`, 'vitest');
exitCounts('vitest', ok, before);

before = failed;
ok = run('server tests that measure time (PGlite)', 'npx', [
  'vitest',
  'run',
  ...TIMED,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reports}/vitest-timed.json`,
]);
countVitest(`${reports}/vitest-timed.json`, 'vitest (timed)');
exitCounts('vitest (timed)', ok, before);

gate('build', 'npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts']);

// The PostgreSQL server run needs no build and no browser: it runs while Playwright does, except
// the files that measure time, which run first, alone.
const postgresUrl = process.env['TEST_DATABASE_URL'];
const postgresLog = `${reports}/vitest-postgres.log`;
const withPostgres = postgresUrl && existsSync('tests/server');
if (withPostgres) {
  before = failed;
  ok = run(
    'server tests that measure time (PostgreSQL)',
    'npx',
    [
      'vitest',
      'run',
      ...TIMED,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest-postgres-timed.json`,
    ],
    { DATABASE_URL: postgresUrl },
  );
  countVitest(`${reports}/vitest-postgres-timed.json`, 'vitest on PostgreSQL (timed)');
  exitCounts('vitest on PostgreSQL (timed)', ok, before);
}
const postgres = withPostgres
  ? start(
      'server tests (PostgreSQL)',
      'npx',
      [
        'vitest',
        'run',
        ...UNTIMED,
        'tests/server',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reports}/vitest-postgres.json`,
      ],
      postgresLog,
      { DATABASE_URL: postgresUrl },
    )
  : undefined;

if (!existsSync(CHROMIUM)) {
  process.stdout.write(
    `\nBrowser tests need Debian's Chromium at ${CHROMIUM}: run \`apt-get install -y chromium\` (never \`npx playwright install\`).\n`,
  );
  failed += 1;
  failures.push('e2e (no Chromium)');
} else {
  before = failed;
  const label = 'browser tests (Playwright, Chromium)';
  process.stdout.write(`\n▶ ${label}\n`);
  // Not spawnSync: the background run's end must not wait for this one to be noticed.
  ({ succeeded: ok } = await spawnRunner(
    label,
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    'inherit',
    { PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(reports, 'playwright.json') },
  ));
  countPlaywright(`${reports}/playwright.json`);
  exitCounts('e2e', ok, before);
}

if (postgres) {
  const { succeeded, summary } = await postgres;
  process.stdout.write(`\n▶ server tests (PostgreSQL), run beside the browser tests:\n`);
  if (existsSync(postgresLog)) process.stdout.write(readFileSync(postgresLog, 'utf8'));
  process.stdout.write(`\n${summary}\n`);
  before = failed;
  countVitest(`${reports}/vitest-postgres.json`, 'vitest on PostgreSQL');
  exitCounts('vitest on PostgreSQL', succeeded, before);
}

if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
// What did not run is said before the closing line (whose form CI reads): skipped tests, and the
// PostgreSQL run when no database was given (the server tests then ran on PGlite only).
if (!withPostgres)
  process.stdout.write(
    '\nPostgreSQL: not run (TEST_DATABASE_URL is not set): the server tests ran on PGlite only; `bash scripts/ci-postgres.sh` starts a throw-away server.\n',
  );
process.stdout.write(`\nskipped: ${skipped} (not run, counted neither passed nor failed)\n`);
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
