import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { visibleSteps, type StepPath, type WizardDefinition } from '../../engine/index.ts';
import type { PathFixture } from '../../codegen/generatePaths.ts';
import { storageKey } from '../../renderer/store/persistence.ts';
import { expectNoSidewaysScroll, expectStepAccessible, WidthReport } from '../support/axe.ts';

// Every step of every public flow (in the first public variant showing it), enumerated from the generated definitions
// (never by hand): first shown, after a failed "Weiter", and with a help dialog open. Each step is opened with the
// brand and example answers of a path that reaches it (generated/paths, `npm run definitions:paths`), so the
// rules decide, not a list here.
const dir = join(process.cwd(), 'generated', 'definitions');
const pathsDir = join(process.cwd(), 'generated', 'paths');
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

const fixtures = new Map(
  readdirSync(pathsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(pathsDir, f), 'utf8')) as PathFixture)
    .map((f) => [f.id, f]),
);
const flagsOff = (path: StepPath): boolean =>
  Object.values((path.context['flags'] ?? {}) as Record<string, unknown>).every((on) => !on);

/** A brand's market as its brand file declares it (the app gives a flow's rules the same). */
const marketOf = (brand: string): unknown =>
  (
    JSON.parse(
      readFileSync(join(process.cwd(), 'definitions', 'brands', `${brand}.json`), 'utf8'),
    ) as { market?: unknown }
  ).market;

interface Opening {
  path: StepPath;
  brand: string;
}

/**
 * How a step is opened in this variant: a path of generated/paths (npm run definitions:paths)
 * that reaches it, one with every flag off first (the sweep's app runs without flags), with its
 * answers, under the sweep's brand when it shows the step there, else the path's or another brand
 * the flow is offered under; each brand with its real market (the paths vary the market freely, so
 * a step only a Swiss market shows is opened under a Swiss brand). Undefined when no brand the flow
 * is offered under shows the step: it is not swept.
 */
function openingOf(run: PublicRun, stepId: string): Opening | undefined {
  const paths =
    fixtures
      .get(run.flow.id)
      ?.variants.find((v) => v.variant === (run.variant ?? null))
      ?.paths.filter((p) => p.steps.includes(stepId)) ?? [];
  const offered: string[] = run.flow.brands;
  for (const path of [...paths.filter(flagsOff), ...paths.filter((p) => !flagsOff(p))]) {
    const brands = [BRAND, String(path.context['brand']), ...offered].filter(
      (brand, i, all) => all.indexOf(brand) === i && offered.includes(brand),
    );
    const brand = brands.find((candidate) => {
      const context = {
        ...path.context,
        route: paramsOf(run.baseRoute),
        brand: candidate,
        market: marketOf(candidate),
      };
      return visibleSteps(run.flow, { data: path.data, context }).some((s) => s.id === stepId);
    });
    if (brand !== undefined) return { path, brand };
  }
  return undefined;
}

async function open(page: Page, run: PublicRun, stepId: string, { path, brand }: Opening) {
  const { data } = path;
  // A missing asset answers a plain 404 on the app's origin: enough to reach its sessionStorage
  // without starting the app a second time for every step.
  await page.goto('/assets/leer');
  await page.evaluate(() => sessionStorage.clear());
  if (Object.keys(data).length > 0) {
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
  await page.goto(`${exampleRoute(run.baseRoute)}/${stepId}?brand=${brand}`);
}

// The longest file of the suite: its steps spread over the workers (each opens its step by URL).
test.describe.configure({ mode: 'parallel' });

// One browser session per worker for the whole sweep: its cache keeps the app's files between
// steps, so a step costs its own page load and axe runs, not a cold start.
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
    if (swept.has(key) || openingOf(run, step.id) === undefined) return false;
    swept.add(key);
    return true;
  });
  for (const step of steps) {
    test(`${run.flow.id}${run.variant ? ` (${run.variant})` : ''} / ${step.id}: no axe violations, first shown, after a failed Weiter and with help open`, async () => {
      const opening = openingOf(run, step.id);
      if (!opening) throw new Error(`no path reaches ${step.id}`);
      await open(page, run, step.id, opening);
      await expect(page).toHaveURL(new RegExp(`/${step.id}(\\?|$)`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectStepAccessible(page, step.form !== undefined);
      widths.add(`${run.flow.id}/${step.id}`, await expectNoSidewaysScroll(page));
    });
  }
}

test('every step of every public flow is checked in at least one variant', () => {
  for (const flow of new Set(runs.map((r) => r.flow))) {
    const variants = runs.filter((r) => r.flow === flow);
    const checked = new Set(
      variants.flatMap((r) => r.flow.steps.filter((s) => openingOf(r, s.id)).map((s) => s.id)),
    );
    // Only a step its market decides on may go unchecked, when no brand the flow is offered under
    // has that market (the payment-method step of a flow not offered under a Swiss brand).
    const unchecked = flow.steps.filter((s) => !checked.has(s.id));
    expect(
      unchecked
        .filter((s) => !JSON.stringify(s.visibleWhen ?? null).includes('context.market'))
        .map((s) => s.id),
      flow.id,
    ).toEqual([]);
  }
});
