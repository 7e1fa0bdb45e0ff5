/**
 * What shows that a page is on screen: the heading in the app's `<main>` (a step's comes with its
 * form, a loading note has none; the HTML shell's notice, which the app replaces, is outside it).
 */
export const SHOWN_SELECTOR = '#root main h1';

/** The longest the start of what the first view does not need waits after the load event. */
export const SHOWN_LATEST_MS = 10_000;

/** The longest it then waits for an idle moment. */
export const IDLE_TIMEOUT_MS = 1000;

/**
 * Resolves once the page has shown its first view: after the window's `load` event (a flow route's
 * HTML preloads its modules, so they are in by then), once the page's heading is in the document
 * (a step renders it with its form: the first input is on screen; at the latest 10 s after the
 * load event) and at the next idle moment. What the first view does not need, the flag service's
 * SDK, starts here: its bytes and its evaluation then do not compete with the first input on a
 * slow phone.
 */
export function whenPageShown(win: Window): Promise<void> {
  return new Promise((resolve) => {
    let shown = false;
    const idle = (): void => {
      if (shown) return;
      shown = true;
      if (typeof win.requestIdleCallback === 'function')
        win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else win.setTimeout(resolve, 0);
    };
    const watch = (): void => {
      const latest = win.setTimeout(idle, SHOWN_LATEST_MS);
      const check = (): void => {
        if (shown) return;
        if (win.document.querySelector(SHOWN_SELECTOR)) {
          win.clearTimeout(latest);
          idle();
        } else win.requestAnimationFrame(check);
      };
      check();
    };
    if (win.document.readyState === 'complete') watch();
    else win.addEventListener('load', watch, { once: true });
  });
}
