/** The longest the start of what the first view does not need waits for an idle moment. */
export const IDLE_TIMEOUT_MS = 1000;

/**
 * Resolves once the page has shown what it loads first: after the window's `load` event (a flow
 * route's HTML preloads its modules, so they are in by then) and the first idle moment after it
 * (React has rendered them, the step's first input is on screen). What the first view does not
 * need, the flag service's SDK, starts here: its bytes and its evaluation then do not compete
 * with the first input on a slow phone.
 */
export function whenPageShown(win: Window): Promise<void> {
  return new Promise((resolve) => {
    const idle = (): void => {
      if (typeof win.requestIdleCallback === 'function')
        win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else win.setTimeout(resolve, 0);
    };
    if (win.document.readyState === 'complete') idle();
    else win.addEventListener('load', idle, { once: true });
  });
}
