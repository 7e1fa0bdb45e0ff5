import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The authoring studio runs in the Vite dev server only (`npm run studio`): the spec starts one
// on its own port and drives one page through the bike flow.
const PORT = Number(process.env['STUDIO_PORT'] ?? 4754);
const STUDIO = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;

async function waitForServer(url: string, until: number): Promise<void> {
  while (Date.now() < until) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the studio did not start at ${url}`);
}

test.beforeAll(async () => {
  server = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      '--config',
      'apps/studio/vite.config.ts',
      '--host',
      '127.0.0.1',
    ],
    { env: { ...process.env, STUDIO_PORT: String(PORT) }, stdio: 'ignore' },
  );
  await waitForServer(`${STUDIO}/`, Date.now() + 60_000);
});
test.afterAll(() => {
  server?.kill();
});

/**
 * The editor's text replaced, as a user would: select everything, paste the changed bike
 * definition. The paste goes through CodeMirror's own paste handling (one transaction); typing
 * 35 KB through the browser's contenteditable editing instead took 35 s on its own.
 */
async function edit(page: Page, change: (text: string) => string): Promise<void> {
  const text = readFileSync('definitions/applications/fahrrad.json', 'utf8');
  const content = page.locator('.cm-content');
  await content.click();
  await page.keyboard.press('Control+A');
  await content.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, change(text));
}

test('the studio shows the bike flow, its graph, an edit in the preview and a planted mistake at its line', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${STUDIO}/?datei=definitions/applications/fahrrad.json`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Studio für Definitionen' }),
  ).toBeVisible({
    timeout: 60_000,
  });
  const preview = page.getByTestId('studio-preview');
  // The bike flow's first step runs in the real renderer, in the customer variant.
  await expect(preview.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const firstTitle = (await preview.getByRole('heading', { level: 1 }).textContent()) ?? '';
  // The check passes and the graph shows every step of the flow on its paths.
  await expect(page.getByText('Keine Probleme.')).toBeVisible({ timeout: 60_000 });
  const graph = page.getByRole('img', { name: 'Schrittgraph' });
  const bike = JSON.parse(readFileSync('definitions/applications/fahrrad.json', 'utf8')) as {
    steps: { id: string }[];
  };
  for (const step of bike.steps)
    await expect(graph.locator(`[data-step="${step.id}"]`)).toHaveCount(1);
  await expect(graph.locator('[data-step="fahrrad"]')).not.toHaveClass(/unreachable/);
  // The customer path's first edge, from the bike step to the cover step.
  await expect(graph.locator('[data-edge="fahrrad>deckung"]')).toHaveCount(1);

  // Completion from the meta-schema: a new property at the top offers the definition's properties.
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('"');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('forContracts');
  await page.keyboard.press('Escape');

  // An edit: the bike step takes the cover step's texts (its i18nPrefix); the preview follows
  // without a reload (how fast is a figure for a benchmark, not a bound for a test on a busy machine).
  await edit(page, (text) => {
    const value = JSON.parse(text) as { steps: Record<string, unknown>[] };
    const first = value.steps.find((s) => s['id'] === 'fahrrad') as Record<string, unknown>;
    const cover = value.steps.find((s) => s['id'] === 'deckung') as Record<string, unknown>;
    first['i18nPrefix'] = cover['i18nPrefix'];
    return JSON.stringify(value, null, 2);
  });
  await expect(preview.getByRole('heading', { level: 1 })).not.toHaveText(firstTitle);

  // A planted mistake: a step hidden for good is reported at its line, and marked unreachable.
  const lines: string[] = [];
  await edit(page, (text) => {
    const value = JSON.parse(text) as { steps: Record<string, unknown>[] };
    const risk = value.steps.find((s) => s['id'] === 'risikoort') as Record<string, unknown>;
    risk['visibleWhen'] = false;
    const pretty = JSON.stringify(value, null, 2);
    lines.push(...pretty.split('\n'));
    return pretty;
  });
  const line = lines.findIndex((l) => l.includes('"id": "risikoort"'));
  const problems = page.getByTestId('studio-problems');
  await expect(problems.getByText('unreachable: step "risikoort"')).toBeVisible({
    timeout: 30_000,
  });
  const item = await problems.locator('li', { hasText: 'risikoort' }).first().textContent();
  // The pointer /steps/n starts at the step's opening brace, the line above its id.
  expect(item).toMatch(new RegExp(`^Zeile (${line}|${line + 1}),`));
  // Picking the problem moves the editor to its line, marked in the gutter.
  await problems
    .getByRole('button', { name: /risikoort/ })
    .first()
    .click();
  const activeLine = page.locator('.cm-lineNumbers .cm-activeLineGutter');
  await expect(activeLine).toHaveText(/^\d+$/);
  const active = Number(await activeLine.textContent());
  expect(item).toMatch(new RegExp(`^Zeile ${active},`));
  await expect(page.locator('.cm-lint-marker-error').first()).toBeVisible();
  await expect(graph.locator('[data-step="risikoort"]')).toHaveClass(/unreachable/);
});

test('the production build has no studio code', () => {
  const dir = join(process.cwd(), 'dist', 'web', 'assets');
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const text = readFileSync(join(dir, file), 'utf8');
    expect(text.includes('Studio für Definitionen'), file).toBe(false);
    expect(text.includes('__studio'), file).toBe(false);
    expect(text.includes('cm-editor'), file).toBe(false);
    expect(text.includes('dagre'), file).toBe(false);
  }
});
