import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appliesToContract, visibleSteps, type WizardDefinition } from '../../engine/index.ts';
import { flows } from '../../generated/definitions/index.ts';
import { storageKey } from '../../renderer/store/persistence.ts';
import { SEED_PARTNERS } from '../../apps/server/src/seed/people.ts';
import { demoLogins } from '../../apps/server/src/seed/identityUsers.ts';
import { expectStepAccessible } from '../support/axe.ts';
import { signIn } from '../support/signIn.ts';

// Every step of every self-service change, enumerated from the generated definitions (never by
// hand), for a seeded contract the change applies to: the contract is found by the flow's own
// rule (forContracts) over the contracts of the demo customers, as the contract page decides.
// Each step is checked first shown, after a failed "Weiter" and with a help dialog open. Writes
// are blocked for the whole sweep, so a step's button can never change a contract.

const dir = join(process.cwd(), 'generated', 'definitions');
const selfService: WizardDefinition[] = flows
  .filter((entry) => entry.kind === 'self-service')
  .map(
    (entry) => JSON.parse(readFileSync(join(dir, `${entry.id}.json`), 'utf8')) as WizardDefinition,
  );

type Contract = Record<string, unknown> & { versicherungsNummer: string };
interface Target {
  email: string;
  contract: Contract;
}

/** A premium calculation result as a calculate call stores it (for the steps that show it). */
const exampleResult = (today: string) => ({
  beitrag: 12.34,
  anteiligerBeitrag: 5.67,
  zahlweise: 'MONATLICH',
  wirksamkeitsdatum: today,
  ungueltig: false,
  fehlermeldung: null,
});

let context: BrowserContext;
let page: Page;
let signedInAs: string | null = null;
const targets = new Map<string, Target>();
const today = new Date().toISOString().slice(0, 10);

async function signInAs(email: string): Promise<void> {
  if (signedInAs === email) return;
  await context.clearCookies();
  await page.goto('/kunden/vertraege');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/kunden/vertraege');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Verträge' })).toBeVisible();
  signedInAs = email;
}

/** GET of the API with the session's token (as the app's HTTP client sends it). */
async function apiGet(path: string): Promise<unknown> {
  return page.evaluate(async (url) => {
    const token = Object.keys(localStorage)
      .filter((key) => key.endsWith('.accessToken'))
      .map((key) => localStorage.getItem(key))[0];
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token ?? ''}` } });
    return response.ok ? ((await response.json()) as unknown) : null;
  }, path);
}

/** Answers that make a step visible, found by trying the enum values of earlier steps. */
function answersShowing(
  flow: WizardDefinition,
  contract: Contract,
  stepId: string,
): Record<string, Record<string, unknown>> | undefined {
  const ctx = { route: { vertragId: contract.versicherungsNummer }, contract, today, flags: {} };
  const shows = (data: Record<string, Record<string, unknown>>) =>
    visibleSteps(flow, { data, context: ctx }).some((s) => s.id === stepId);
  if (shows({})) return {};
  for (const step of flow.steps) {
    if (step.id === stepId) break;
    const properties = (step.form?.schema['properties'] ?? {}) as Record<
      string,
      { enum?: unknown[] }
    >;
    for (const [field, schema] of Object.entries(properties)) {
      for (const value of schema.enum ?? []) {
        const data = { [step.id]: { [field]: value } };
        if (shows(data)) return data;
      }
    }
  }
  return undefined;
}

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), locale: 'de-DE' });
  page = await context.newPage();
  // The sweep only reads: every write to the contract API is refused before it leaves.
  await context.route('**/api/vertrag/**', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort(),
  );
  // Find, per change, a demo customer's contract it applies to (the flow's rule decides).
  // Customers who sign in straight away (not the one asked for a new password first).
  const ready = new Set(
    demoLogins()
      .filter((login) => login.status === 'CONFIRMED' && login.partnerNummer)
      .map((login) => login.partnerNummer),
  );
  for (const partner of SEED_PARTNERS.filter((p) => ready.has(p.partnerNummer))) {
    if (selfService.every((flow) => targets.has(flow.id))) break;
    await signInAs(partner.email);
    const list = (await apiGet(
      `/api/vertrag/vertrag/findByPartnerNummer/${partner.partnerNummer}`,
    )) as { versicherungsNummer: string }[] | null;
    for (const item of list ?? []) {
      const contract = (await apiGet(
        `/api/vertrag/vertrag/${encodeURIComponent(item.versicherungsNummer)}`,
      )) as Contract | null;
      if (!contract) continue;
      for (const flow of selfService)
        if (!targets.has(flow.id) && appliesToContract(flow.forContracts, contract, today))
          targets.set(flow.id, { email: partner.email, contract });
    }
  }
});
test.afterAll(async () => {
  await context.close();
});

test('every self-service change applies to a demo contract, so all its steps are swept', () => {
  expect(selfService.length).toBeGreaterThan(0);
  expect(selfService.map((flow) => flow.id).filter((id) => !targets.has(id))).toEqual([]);
});

for (const flow of selfService) {
  test(`${flow.id}: every step without axe violations, first shown, after a failed Weiter and with help open`, async () => {
    const target = targets.get(flow.id);
    test.skip(!target, 'no demo contract this change applies to (the test above fails)');
    if (!target) return;
    await signInAs(target.email);
    const nummer = target.contract.versicherungsNummer;
    const route = { vertragId: nummer };
    const swept: string[] = [];
    for (const step of flow.steps) {
      const data = answersShowing(flow, target.contract, step.id);
      if (data === undefined) continue;
      const state = {
        productName: null,
        productIdentifier: null,
        baseRoute: flow.baseRoute,
        steps: [],
        currentStep: null,
        formData: data,
        irrelevantKeys: {},
        applicationResult: exampleResult(today),
        applicationSent: false,
        prefilled: false,
      };
      const key = storageKey(flow.id, flow.version, { route });
      // Away from the app first (a missing asset answers a plain 404 on its origin): the step
      // shown last saves its state when the page is left and would overwrite the one set here.
      await page.goto('/assets/leer');
      await page.evaluate(
        ([k, value]) => {
          sessionStorage.clear();
          sessionStorage.setItem(k as string, value as string);
        },
        [key, JSON.stringify(state)],
      );
      const base = flow.baseRoute.replace('{vertragId}', encodeURIComponent(nummer));
      await page.goto(`${base}/${step.id}`);
      await expect(page).toHaveURL(new RegExp(`/${step.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectStepAccessible(page, step.form !== undefined);
      swept.push(step.id);
    }
    // A step no answer can show would go unchecked: none may.
    expect(swept).toEqual(flow.steps.map((step) => step.id));
  });
}
