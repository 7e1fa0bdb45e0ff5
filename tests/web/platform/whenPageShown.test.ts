import { describe, expect, it } from 'vitest';
import { SHOWN_LATEST_MS, whenPageShown } from '../../../apps/web/src/platform/index.ts';

/** A window whose load event, frames, timers, idle moments and heading the test controls. */
function fakeWindow(readyState: DocumentReadyState) {
  const queues = {
    load: [] as (() => void)[],
    frame: [] as (() => void)[],
    idle: [] as (() => void)[],
  };
  const timers = new Map<number, { ms: number; run: () => void }>();
  let heading = false;
  let id = 0;
  const win = {
    document: { readyState, querySelector: () => (heading ? {} : null) },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') queues.load.push(listener);
    },
    requestAnimationFrame: (callback: () => void) => queues.frame.push(callback),
    requestIdleCallback: (callback: () => void) => queues.idle.push(callback),
    setTimeout: (run: () => void, ms: number) => {
      timers.set(++id, { ms, run });
      return id;
    },
    clearTimeout: (timer: number) => timers.delete(timer),
  } as unknown as Window;
  const fire = (list: (() => void)[]) => list.splice(0).forEach((listener) => listener());
  return {
    win,
    load: () => fire(queues.load),
    frame: () => fire(queues.frame),
    idle: () => fire(queues.idle),
    showHeading: () => (heading = true),
    /** Runs the timers of `ms`. */
    elapse: (ms: number) => {
      for (const [key, timer] of [...timers]) {
        if (timer.ms !== ms) continue;
        timers.delete(key);
        timer.run();
      }
    },
  };
}

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('whenPageShown', () => {
  it('waits for the load event, the page’s heading and then an idle moment', async () => {
    const page = fakeWindow('interactive');
    const shown = whenPageShown(page.win);
    page.showHeading();
    page.frame();
    page.idle();
    expect(await settled(shown)).toBe(false);
    page.load();
    page.idle();
    expect(await settled(shown)).toBe(true);
  });

  it('waits for the heading after the load event, frame by frame', async () => {
    const page = fakeWindow('complete');
    const shown = whenPageShown(page.win);
    page.frame();
    page.idle();
    expect(await settled(shown)).toBe(false);
    page.showHeading();
    page.frame();
    expect(await settled(shown)).toBe(false);
    page.idle();
    expect(await settled(shown)).toBe(true);
  });

  it('starts at the latest 10 s after the load event on a page without a heading', async () => {
    const page = fakeWindow('complete');
    const shown = whenPageShown(page.win);
    page.frame();
    page.elapse(SHOWN_LATEST_MS);
    page.idle();
    expect(await settled(shown)).toBe(true);
  });
});
