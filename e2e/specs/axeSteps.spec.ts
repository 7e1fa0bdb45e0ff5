import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoAxeViolations } from '../support/axe.ts';

// Every step of every public flow, enumerated from the generated definitions (never by hand):
// first shown, and after a failed "Weiter".
interface Flow {
  id: string;
  baseRoute: string;
  roles: string[];
  steps: { id: string; form?: unknown }[];
}
const dir = join(process.cwd(), 'generated', 'definitions');
const flows = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Flow)
  .filter((flow) => flow.roles.includes('claimant'));
const exampleRoute = (route: string): string =>
  route.replace('{product}', 'hausrat').replace('{contractIndex}', '0');

for (const flow of flows) {
  for (const step of flow.steps) {
    test(`${flow.id} / ${step.id}: no axe violations, first shown and after a failed Weiter`, async ({
      page,
    }) => {
      await page.goto(`${exampleRoute(flow.baseRoute)}/${step.id}?brand=hfk`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (!page.url().endsWith(`/${step.id}?brand=hfk`) && !page.url().endsWith(`/${step.id}`)) {
        test.skip(true, `${step.id} is not visible for hfk without earlier answers`);
      }
      await expectNoAxeViolations(page);
      if (step.form) {
        await page.locator('form button[type=submit]').click();
        await expectNoAxeViolations(page);
      }
    });
  }
}
