import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env['E2E_PORT'] ?? 4680);
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Browser tests in Debian's Chromium against the production build served by the reference backend. */
export default defineConfig({
  testDir: './specs',
  // Reference images of the visual tests, one per brand and page, without a platform suffix.
  snapshotPathTemplate: '{testDir}/../screenshots/{arg}{ext}',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, each taking whole spec files (the tests of a file run in order, sharing its
  // session): on CI's two cores the suite took 22 min with one worker beside the PostgreSQL server
  // run and 13.5 min with two (E2E_WORKERS overrides).
  fullyParallel: false,
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  retries: 0,
  // A focused test (`.only`) fails the run everywhere, not only on CI (lint refuses it too).
  forbidOnly: true,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'de-DE',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // No load shedding: on 2 cores the browser, the PostgreSQL suite beside it and this server
    // share the CPU, and a busy half second must not answer a test's request with 503 (the
    // shedding itself is tested in tests/server/loadShedding.test.ts).
    // DEV_OUTBOX=on: the specs read the codes and links "sent" from the local outbox.
    env: {
      PORT: String(PORT),
      LOG: 'off',
      LOAD_SHEDDING: 'off',
      DEV_OUTBOX: 'on',
      PGLITE_DIR: mkdtempSync(join(tmpdir(), 'e2e-pglite-')),
    },
  },
});
