// Typing in a long step: the main-thread work per keystroke (CDP Performance.getMetrics) while 60
// characters are typed into the first field with 150 ms between keys, and whether every character
// of 60 typed with no pause reaches the engine's own state.

/** The 60 characters typed: letters and digits only, so no key means anything else. */
export const TEXT = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWX';
const PACE_MS = 150;
const FIRST = '#root input[type="text"]';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const pick = (name) => list.find((m) => m.name === name)?.value ?? 0;
  return { script: pick('ScriptDuration'), task: pick('TaskDuration') };
}

async function openPage(browser, url, n) {
  const page = await browser.newPage();
  await page.goto(`${url}?n=${n}`);
  await page.waitForFunction((count) => window.__bench?.n === count, n);
  await page.locator(FIRST).first().waitFor();
  const fields = await page.locator(FIRST).count();
  if (fields !== n) throw new Error(`${url}: ${fields} text fields, expected ${n}`);
  // Leave the first field once (it is then "touched", so ours shows its errors live), come back.
  const first = page.locator(FIRST).first();
  await first.click();
  await page.keyboard.press('Tab');
  await first.click();
  await page.waitForTimeout(300);
  return page;
}

/** Paced typing: script and task ms per keystroke (deferred work within 500 ms included). */
export async function pacedTyping(browser, url, n, { profile } = {}) {
  const page = await openPage(browser, url, n);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const before = await metrics(cdp);
  // One key every 150 ms, start to start (the time a press takes is part of the interval).
  let due = performance.now();
  for (const ch of TEXT) {
    await page.keyboard.press(ch);
    due += PACE_MS;
    await sleep(due - performance.now());
  }
  await page.waitForTimeout(500);
  const after = await metrics(cdp);
  const result = {
    scriptMs: ((after.script - before.script) * 1000) / TEXT.length,
    taskMs: ((after.task - before.task) * 1000) / TEXT.length,
    kept: await keptCharacters(page),
  };
  if (profile) result.profile = (await cdp.send('Profiler.stop')).profile;
  await cdp.detach();
  await page.close();
  return result;
}

async function keptCharacters(page) {
  const value = await page.evaluate(() => window.__bench?.firstValue());
  const text = typeof value === 'string' ? value : '';
  return text === TEXT ? TEXT.length : commonPrefix(text, TEXT);
}

const commonPrefix = (a, b) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
};

/** Unpaced typing: how many of 60 characters typed with no pause the engine's state holds. */
export async function burstTyping(browser, url, n) {
  const page = await openPage(browser, url, n);
  await page.keyboard.type(TEXT);
  const immediately = await page.evaluate(() => window.__bench?.firstValue());
  // The wizard saves its state once typing pauses (400 ms); read the saved state after that.
  await page.waitForTimeout(1000);
  const value = await page.evaluate(() => window.__bench?.firstValue());
  const dom = await page.locator(FIRST).first().inputValue();
  await page.close();
  return {
    stateImmediately: immediately === TEXT,
    state: typeof value === 'string' ? value : String(value),
    dom,
    ok: value === TEXT && dom === TEXT,
  };
}
