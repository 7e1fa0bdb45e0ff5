// Loading on a slow phone (BENCHMARKS.md): Chromium with the CPU slowed 4x and the network at
// 1.6 Mbit/s down, 150 ms round trip, cache off. First paint, largest contentful paint, the moment
// the page's first input (or, without one, its heading) is visible, and the bytes transferred.

/** The throttling of BENCHMARKS.md "Loading on a slow phone". */
export const THROTTLING = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** What the page logs once the element is visible (the run waits for it, see below). */
const VISIBLE = '__bench_visible';

// Runs in the page before its own scripts: notes when the element first becomes visible (and logs
// it) and the latest largest-contentful-paint entry.
const observeScript = (selector) => `(() => {
  const found = () => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  window.__bench = { visibleAt: undefined, lcp: undefined };
  const check = () => {
    if (window.__bench.visibleAt !== undefined) return;
    if (found()) {
      window.__bench.visibleAt = performance.now();
      console.debug(${JSON.stringify(VISIBLE)});
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/**
 * Opens `url` once in a fresh context under the throttling and returns the page-load figures in
 * ms (and bytes). `selector` is the element whose appearance counts as "first input visible".
 */
export async function measurePageLoad(browser, url, selector) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests++;
  });
  await page.addInitScript(observeScript(selector));
  try {
    // Waiting for the page's log, not polling it with waitForFunction: Playwright's polling runs
    // its injected script in the page (about 70 ms of main thread at CPU 4x, right before the
    // step shows), which slowed what it measured. Nothing runs in the page until the element is
    // visible.
    const visible = page.waitForEvent('console', {
      predicate: (message) => message.text() === VISIBLE,
      timeout: 60_000,
    });
    visible.catch(() => undefined); // awaited below; a failed goto must not leave it unhandled
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await visible;
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const figures = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      largestPaint: window.__bench.lcp,
      inputVisible: window.__bench.visibleAt,
    }));
    return { ...figures, bytes, requests };
  } finally {
    await context.close();
  }
}
