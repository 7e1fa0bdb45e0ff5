// Headless Debian Chromium through playwright-core, as BENCHMARKS.md prescribes.
import { chromium } from 'playwright-core';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Launches the browser every bench measurement uses. */
export function launchBrowser() {
  return chromium.launch({
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
  });
}
