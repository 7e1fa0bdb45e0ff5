import { expect, test, type Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const FOREIGN = 'http://fremd.example';

/** Serves the platform under another host name (a non-local host) by fetching it from the test server. */
async function serveAs(page: Page, host: string, baseURL: string): Promise<void> {
  await page.route(`${host}/**`, async (route) => {
    const url = route.request().url().replace(host, baseURL);
    try {
      const response = await route.fetch({ url });
      await route.fulfill({ response });
    } catch {
      // The test ended while a request (a bundle the app loads in the background) was in flight.
      await route.abort().catch(() => undefined);
    }
  });
}

const evaluated = (value: boolean) => ({
  value,
  version: 1,
  variation: value ? 0 : 1,
  trackEvents: false,
});

test.describe('feature flags', () => {
  test('the app shows on the defaults within about 2 s when the flag endpoint does not answer', async ({
    page,
  }) => {
    await page.route('**/api/flags/**', () => undefined); // never answered
    const started = Date.now();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible({
      timeout: 5000,
    });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  test('the flag SDK reads the flags from the local endpoint, sends its events there and keeps its user id in a strict cookie', async ({
    page,
    context,
  }) => {
    const flags = page.waitForResponse((r) =>
      r.url().includes('/api/flags/sdk/evalx/local-client-id/contexts/'),
    );
    const events = page.waitForResponse((r) =>
      /\/api\/flags\/events\/(bulk|diagnostic)\/local-client-id$/.test(r.url()),
    );
    await page.goto('/');
    const response = await flags;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ 'use-contentful-preview': { value: false } });
    expect((await events).status()).toBe(202);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'flag_user_id');
    expect(cookie?.sameSite).toBe('Strict');
  });

  test('the flag SDK loads after the page has loaded and its first input shows', async ({
    page,
  }) => {
    // Notes when the step's first input is first on screen, frame by frame from the start.
    await page.addInitScript(() => {
      const check = (): void => {
        const shown = [
          ...document.querySelectorAll('form.wizard-step input, form.wizard-step select'),
        ].some((field) => field.getBoundingClientRect().width > 0);
        if (shown) Object.assign(window, { inputShownAt: performance.now() });
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    const sdk = page.waitForResponse((r) => /\/assets\/ldclient[^/]*\.js$/.test(r.url()));
    await page.goto('/antrag/fahrrad');
    await sdk;
    const order = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const script = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/ldclient[^/]*\.js$/.test(entry.name));
      const { inputShownAt } = window as { inputShownAt?: number };
      return {
        loaded: navigation?.loadEventEnd ?? Infinity,
        shown: inputShownAt ?? Infinity,
        requested: script?.startTime ?? -1,
      };
    });
    expect(order.requested).toBeGreaterThanOrEqual(order.loaded);
    expect(order.requested).toBeGreaterThan(order.shown);
  });
});

test.describe('translations', () => {
  test('a local host loads the preview bundles', async ({ page }) => {
    const bundle = page.waitForRequest((r) => r.url().endsWith('/api/i18n/preview/common'));
    await page.goto('/');
    await bundle;
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
  });

  test('another host loads the live bundles', async ({ page, baseURL }) => {
    await serveAs(page, 'http://www.andsafe.example', baseURL ?? '');
    const bundle = page.waitForRequest((r) => r.url().endsWith('/api/i18n/live/common'));
    await page.goto('http://www.andsafe.example/');
    await bundle;
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
  });

  test('another host loads the preview bundles when use-contentful-preview is on', async ({
    page,
    baseURL,
  }) => {
    await serveAs(page, 'http://www.andsafe.example', baseURL ?? '');
    await page.route('http://www.andsafe.example/api/flags/sdk/evalx/**', (route) =>
      route.fulfill({
        json: {
          'use-contentful-preview': evaluated(true),
          'enable-vehicle-insurance-claim-report': evaluated(false),
        },
      }),
    );
    const bundle = page.waitForRequest((r) => r.url().endsWith('/api/i18n/preview/common'));
    await page.goto('http://www.andsafe.example/');
    await bundle;
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
  });
});

test.describe('the demo parent page', () => {
  test('embeds the platform and answers its question for the theme', async ({ page, baseURL }) => {
    const port = new URL(baseURL ?? '').port;
    await page.goto(`http://localhost:${port}/demo-parent/`);
    const child = page.frameLocator('#platform');
    await expect(child.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
    await expect(page.locator('#log')).toContainText('getTheme');
    await expect(child.locator('html')).toHaveAttribute('data-frame-theme', 'parent');
    const primary = await child
      .locator('html')
      .evaluate((html) => html.style.getPropertyValue('--brand-primary'));
    expect(primary).toBe('#8a1538');
  });

  test('ignores a command from a foreign origin', async ({ page, baseURL }) => {
    const port = new URL(baseURL ?? '').port;
    await page.route(`${FOREIGN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>fremd</title><script>
          parent.postMessage({ protocol: 'insurance-frame/1', kind: 'request', id: 'f-1',
            command: 'setLocation', args: { path: '/boese' } }, '*');
        </script>`,
      }),
    );
    await page.goto(`http://localhost:${port}/demo-parent/`);
    await expect(page.locator('#log')).toContainText('getTheme');
    const before = Number(await page.locator('#ignored').textContent());
    const sender = page.waitForResponse(`${FOREIGN}/sender.html`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'fremd';
      document.body.append(frame);
    }, `${FOREIGN}/sender.html`);
    // What the check watches must be there first: the foreign frame loaded and ran its script.
    expect((await sender).status()).toBe(200);
    await expect
      .poll(() => page.frames().some((frame) => frame.url() === `${FOREIGN}/sender.html`))
      .toBe(true);
    await expect
      .poll(async () => Number(await page.locator('#ignored').textContent()))
      .toBeGreaterThan(before);
    await expect(page.locator('#location')).toHaveText('–');
    await expect(page.locator('#log')).not.toContainText('setLocation');
  });

  test('an embedder outside the allowlist cannot show the platform and receives nothing from it', async ({
    page,
    baseURL,
  }) => {
    // A real page on another loopback port: an origin outside the allowlist.
    const html = `<!doctype html><title>fremd</title><p id="received">0</p><p id="own">0</p>
          <iframe id="platform" title="Plattform" src="${baseURL}/"></iframe><script>
          let received = 0;
          let own = 0;
          addEventListener('message', (event) => {
            if (event.source === window) { own += 1; document.getElementById('own').textContent = String(own); return; }
            received += 1; document.getElementById('received').textContent = String(received);
          });
          postMessage('self-check', location.origin);
          const spam = () => document.getElementById('platform').contentWindow.postMessage({ protocol: 'insurance-frame/1',
            kind: 'response', id: 'c-1-aaaa', ok: true, result: { primary: '#ff0000' } }, '*');
          setInterval(spam, 100);
        </script>`;
    const stranger = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(html);
    });
    await new Promise<void>((done) => stranger.listen(0, '127.0.0.1', done));
    const { port } = stranger.address() as AddressInfo;
    try {
      const platform = page.waitForResponse(`${baseURL}/`);
      await page.goto(`http://127.0.0.1:${port}/parent.html`);
      // What the check watches must be there first: the frame's page was asked for and answered
      // (with a frame-ancestors that leaves this origin out), and the page's listener hears messages.
      const answer = await platform;
      expect(answer.status()).toBe(200);
      const policy = (await answer.allHeaders())['content-security-policy'] ?? '';
      expect(policy).toContain('frame-ancestors');
      expect(policy).not.toContain(`127.0.0.1:${port}`);
      await expect(page.locator('#own')).toHaveText('1');
      // The Content-Security-Policy's frame-ancestors lists only the environment's embedders.
      await page.waitForTimeout(1500);
      const child = page.frameLocator('#platform');
      await expect(child.getByRole('heading', { level: 1, name: 'Willkommen' })).toHaveCount(0);
      await expect(page.locator('#received')).toHaveText('0');
    } finally {
      stranger.close();
    }
  });
});
