import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { FrameWarn } from '../../../apps/web/src/platform/frame/errors.ts';
import {
  createFrameHost,
  SCROLL_TO_TOP_DELAY_MS,
  type FrameHandlers,
} from '../../../apps/web/src/platform/index.ts';
import { asWindow, fakeWindow, type FakeWindow } from './frameSupport.ts';

const CHILD = 'https://portal.andsafe.example';
let self: FakeWindow;
let iframe: FakeWindow;
let warn: Mock<FrameWarn>;

const host = (handlers: FrameHandlers) =>
  createFrameHost({
    self: asWindow(self),
    child: () => asWindow(iframe),
    childOrigin: CHILD,
    handlers,
    warn,
  });
const request = (command: string, args: object = {}, origin = CHILD) =>
  self.deliver({
    origin,
    source: iframe,
    data: { protocol: 'insurance-frame/1', kind: 'request', id: 'r-1', command, args },
  });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  self = fakeWindow();
  iframe = fakeWindow();
  warn = vi.fn<FrameWarn>();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the frame host (parent side)', () => {
  it('answers a question to the child’s origin only', async () => {
    host({ getTheme: () => ({ primary: '#8a1538' }) });
    request('getTheme');
    await flush();
    expect(iframe.postMessage).toHaveBeenCalledWith(
      {
        protocol: 'insurance-frame/1',
        kind: 'response',
        id: 'r-1',
        ok: true,
        result: { primary: '#8a1538' },
      },
      CHILD,
    );
  });

  it('logs a warning for an unknown command and answers it as failed', () => {
    host({});
    request('formatDisk');
    expect(warn).toHaveBeenCalledWith('Unknown frame command "formatDisk"');
    expect(iframe.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ ok: false, error: 'unknown command' }),
      CHILD,
    );
  });

  it('logs a warning for a known command without a handler', () => {
    host({});
    request('getBrokerInfo');
    expect(warn).toHaveBeenCalledWith('Unhandled frame command "getBrokerInfo"');
  });

  it('does not run a handler with arguments outside the schema', () => {
    const setLocation = vi.fn(() => null);
    host({ setLocation });
    request('setLocation', { path: 'javascript:alert(1)' });
    expect(setLocation).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('invalid arguments'),
      expect.anything(),
    );
  });

  it('scrolls to the top 100 ms after the command', async () => {
    vi.useFakeTimers();
    const scrollToTop = vi.fn(() => null);
    host({ scrollToTop });
    request('scrollToTop');
    await vi.advanceTimersByTimeAsync(SCROLL_TO_TOP_DELAY_MS - 1);
    expect(scrollToTop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(scrollToTop).toHaveBeenCalledTimes(1);
  });

  it('ignores a command from a foreign origin', () => {
    const setLocation = vi.fn(() => null);
    host({ setLocation });
    request('setLocation', { path: '/boese' }, 'https://portal.andsafe.example.evil.test');
    expect(setLocation).not.toHaveBeenCalled();
    expect(iframe.postMessage).not.toHaveBeenCalled();
  });
});
