import { describe, expect, it } from 'vitest';
import { whenPageShown } from '../../../apps/web/src/platform/index.ts';

/** A window whose load event and idle callbacks the test fires. */
function fakeWindow(readyState: DocumentReadyState) {
  const loads: (() => void)[] = [];
  const idles: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') loads.push(listener);
    },
    requestIdleCallback: (callback: () => void) => idles.push(callback),
  } as unknown as Window;
  const fire = (list: (() => void)[]) => list.splice(0).forEach((listener) => listener());
  return { win, load: () => fire(loads), idle: () => fire(idles) };
}

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('whenPageShown', () => {
  it('waits for the load event and then for an idle moment', async () => {
    const { win, load, idle } = fakeWindow('interactive');
    const shown = whenPageShown(win);
    idle();
    expect(await settled(shown)).toBe(false);
    load();
    expect(await settled(shown)).toBe(false);
    idle();
    expect(await settled(shown)).toBe(true);
  });

  it('waits only for an idle moment once the page has loaded', async () => {
    const { win, idle } = fakeWindow('complete');
    const shown = whenPageShown(win);
    expect(await settled(shown)).toBe(false);
    idle();
    expect(await settled(shown)).toBe(true);
  });
});
