// Every wizard route of the app, by kind, for the size sweep: read from generated/definitions
// (the app's own route table), with the route parameters filled in from the seed data.
import { readFileSync } from 'node:fs';
import { routeScripts } from './size.mjs';

/** The demo customer and one of her active contracts (apps/server/src/seed). */
const CUSTOMER = 'anna.schmidt@beispiel.example';
const PASSWORD = 'Demo-Passwort-2025';
const PARAMS = { vertragId: 'AS-10000103', product: 'fahrrad', contractIndex: '0' };

/**
 * The flows' routes a customer or a visitor opens (agent variants need an agent's sign-in and load
 * the same chunks): `{ kind, path, signedIn }`, application, claim and self-service (with the
 * service flow).
 */
export function wizardRoutes() {
  const source = readFileSync('generated/definitions/index.ts', 'utf8');
  const routes = [];
  for (const line of source.split('\n')) {
    const kind = /kind: '([^']+)'/.exec(line)?.[1];
    const baseRoute = /baseRoute: '([^']+)'/.exec(line)?.[1];
    const roles = /roles: \[([^\]]*)\]/.exec(line)?.[1] ?? '';
    if (!kind || !baseRoute || roles.includes('vermittler')) continue;
    const path = baseRoute.replace(/\{(\w+)\}/g, (_, name) => PARAMS[name] ?? name);
    routes.push({
      kind: kind === 'service' ? 'self-service' : kind,
      path,
      signedIn: roles.includes('benutzer'),
    });
  }
  return routes;
}

/** Signs the demo customer in within `context` (the token stays in its local storage). */
export async function signInCustomer(context, baseUrl) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/kunden/vertraege`);
  await page.getByLabel('E-Mail-Adresse').fill(CUSTOMER);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page
    .getByRole('heading', { level: 1, name: 'Meine Verträge' })
    .waitFor({ timeout: 30_000 });
  await page.close();
}

/**
 * The JavaScript (gzip -9 KB) every wizard route requests, measured in the browser; returns the
 * rows `{ kind, path, kb, kbAll, shown, files, problems }`: `kb` counts the files requested before
 * the step's first input showed, `kbAll` every file until the network was idle.
 */
export async function measureWizardRoutes(browser, baseUrl) {
  const visitor = await browser.newContext();
  const customer = await browser.newContext();
  const rows = [];
  try {
    await signInCustomer(customer, baseUrl);
    for (const route of wizardRoutes()) {
      const { files, problems, shown } = await routeScripts(browser, `${baseUrl}${route.path}`, {
        waitFor: 'form.wizard-step input, form.wizard-step select, form.wizard-step textarea',
        context: route.signedIn ? customer : visitor,
        timeout: 5_000,
      });
      const sum = (list) => list.reduce((total, f) => total + f.gzip, 0) / 1024;
      const kb = sum(files.filter((f) => f.beforeShown));
      rows.push({ ...route, kb, kbAll: sum(files), shown, files, problems });
    }
  } finally {
    await visitor.close();
    await customer.close();
  }
  return rows;
}
