import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { visibleSteps, type WizardDefinition } from '../../engine/index.ts';
import { storageKey } from '../../renderer/store/persistence.ts';
import { expectNoSidewaysScroll, expectStepAccessible, WidthReport } from '../support/axe.ts';

// Every step of every public flow (in the first public variant showing it), enumerated from the generated definitions
// (never by hand): first shown, after a failed "Weiter", and with a help dialog open. A step hidden by default is opened
// with answers found by trying the enum values of earlier steps, so rules decide, not a list here.
const dir = join(process.cwd(), 'generated', 'definitions');
const BRAND = 'hfk';
const EXAMPLE_ROUTE: Record<string, string> = { product: 'hausrat', contractIndex: '0' };

interface PublicRun {
  flow: WizardDefinition;
  variant: string | undefined;
  baseRoute: string;
}

const runs: PublicRun[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as WizardDefinition)
  .flatMap((flow) =>
    flow.variants
      ? flow.variants
          .filter((v) => v.roles.includes('claimant'))
          .map((v) => ({ flow, variant: v.id as string | undefined, baseRoute: v.baseRoute }))
      : flow.roles.includes('claimant')
        ? [{ flow, variant: undefined, baseRoute: flow.baseRoute }]
        : [],
  );

const paramsOf = (route: string): Record<string, string> =>
  Object.fromEntries(
    [...route.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] ?? '', EXAMPLE_ROUTE[m[1] ?? ''] ?? '1']),
  );
const exampleRoute = (route: string): string =>
  route.replace(/\{(\w+)\}/g, (_m, name: string) => paramsOf(route)[name] ?? '1');

function answersShowing(
  run: PublicRun,
  stepId: string,
): Record<string, Record<string, unknown>> | undefined {
  const context = {
    brand: BRAND,
    route: paramsOf(run.baseRoute),
    flags: {},
    ...(run.variant ? { variant: run.variant } : {}),
  };
  const shows = (data: Record<string, Record<string, unknown>>) =>
    visibleSteps(run.flow, { data, context }).some((s) => s.id === stepId);
  if (shows({})) return {};
  for (const step of run.flow.steps) {
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

async function open(
  page: Page,
  run: PublicRun,
  stepId: string,
  data: Record<string, Record<string, unknown>>,
) {
  if (Object.keys(data).length > 0) {
    await page.goto(`/?brand=${BRAND}`);
    const state = {
      productName: null,
      productIdentifier: null,
      baseRoute: run.baseRoute,
      steps: [],
      currentStep: null,
      formData: data,
      irrelevantKeys: {},
      applicationResult: null,
      applicationSent: false,
      prefilled: false,
    };
    const key = storageKey(run.flow.id, run.flow.version, {
      variant: run.variant,
      route: paramsOf(run.baseRoute),
    });
    await page.evaluate(
      ([k, value]) => sessionStorage.setItem(k as string, value as string),
      [key, JSON.stringify(state)],
    );
  }
  await page.goto(`${exampleRoute(run.baseRoute)}/${stepId}?brand=${BRAND}`);
}

// One browser session for the whole sweep: its cache keeps the app's files between steps, so a
// step costs its own page load and axe runs, not a cold start. Every test opens its step by URL.
let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), locale: 'de-DE' });
  page = await context.newPage();
});
const widths = new WidthReport('every step of every public flow');
test.afterAll(async () => {
  widths.print();
  await context.close();
});

// A step shared by variants renders the same: it is swept once, in the first public variant
// that shows it (the advice step in the advice variant), which keeps CI time flat per line.
const swept = new Set<string>();
for (const run of runs) {
  const steps = run.flow.steps.filter((step) => {
    const key = `${run.flow.id}/${step.id}`;
    if (swept.has(key) || answersShowing(run, step.id) === undefined) return false;
    swept.add(key);
    return true;
  });
  for (const step of steps) {
    test(`${run.flow.id}${run.variant ? ` (${run.variant})` : ''} / ${step.id}: no axe violations, first shown, after a failed Weiter and with help open`, async () => {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await open(page, run, step.id, answersShowing(run, step.id) ?? {});
      await expect(page).toHaveURL(new RegExp(`/${step.id}(\\?|$)`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectStepAccessible(page, step.form !== undefined);
      widths.add(`${run.flow.id}/${step.id}`, await expectNoSidewaysScroll(page));
    });
  }
}

test('every step of every public flow is checked in at least one variant', () => {
  for (const flow of new Set(runs.map((r) => r.flow))) {
    const checked = new Set(
      runs
        .filter((r) => r.flow === flow)
        .flatMap((r) => r.flow.steps.filter((s) => answersShowing(r, s.id)).map((s) => s.id)),
    );
    expect(
      flow.steps.map((s) => s.id).filter((id) => !checked.has(id)),
      flow.id,
    ).toEqual([]);
  }
});
