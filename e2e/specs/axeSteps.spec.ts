import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { visibleSteps, type WizardDefinition } from '../../engine/index.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

// Every step of every public flow, enumerated from the generated definitions (never by hand):
// first shown, and after a failed "Weiter". A step hidden by default is opened with answers found
// by trying the enum values of earlier steps, so rules decide, not a list in this file.
const dir = join(process.cwd(), 'generated', 'definitions');
const flows = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as WizardDefinition)
  .filter((flow) => flow.roles.includes('claimant'));
const BRAND = 'hfk';
const context = { brand: BRAND, route: { product: 'hausrat', contractIndex: '0' }, flags: {} };
const exampleRoute = (route: string): string =>
  route.replace('{product}', 'hausrat').replace('{contractIndex}', '0');

function answersShowing(
  flow: WizardDefinition,
  stepId: string,
): Record<string, Record<string, unknown>> | undefined {
  const shows = (data: Record<string, Record<string, unknown>>) =>
    visibleSteps(flow, { data, context }).some((s) => s.id === stepId);
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

async function open(
  page: Page,
  flow: WizardDefinition,
  stepId: string,
  data: Record<string, Record<string, unknown>>,
): Promise<void> {
  if (Object.keys(data).length > 0) {
    await page.goto(`/?brand=${BRAND}`);
    const state = {
      productName: null,
      productIdentifier: null,
      baseRoute: flow.baseRoute,
      steps: [],
      currentStep: null,
      formData: data,
      irrelevantKeys: {},
      applicationResult: null,
      applicationSent: false,
      prefilled: false,
    };
    await page.evaluate(
      ([key, value]) => sessionStorage.setItem(key as string, value as string),
      [`wizard:${flow.id}:v${flow.version}`, JSON.stringify(state)],
    );
  }
  await page.goto(`${exampleRoute(flow.baseRoute)}/${stepId}?brand=${BRAND}`);
}

for (const flow of flows) {
  for (const step of flow.steps) {
    test(`${flow.id} / ${step.id}: no axe violations, first shown and after a failed Weiter`, async ({
      page,
    }) => {
      const data = answersShowing(flow, step.id);
      expect(data, `no answers found that show ${step.id}`).toBeDefined();
      await open(page, flow, step.id, data ?? {});
      await expect(page).toHaveURL(new RegExp(`/${step.id}(\\?|$)`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      if (step.form) {
        await page.locator('form button[type=submit]').click();
        await expectNoAxeViolations(page);
      }
    });
  }
}
