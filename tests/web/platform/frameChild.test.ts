import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { FrameWarn } from '../../../apps/web/src/platform/frame/errors.ts';
import {
  createFrameChild,
  FRAME_TIMEOUT_MS,
  FrameResponseError,
  FrameTimeoutError,
  type FrameChildOptions,
} from '../../../apps/web/src/platform/index.ts';
import { asWindow, fakeWindow, type FakeWindow } from './frameSupport.ts';

const ORIGIN = 'https://www.andsafe.example';
let self: FakeWindow;
let parent: FakeWindow;
let warn: Mock<FrameWarn>;

const child = (overrides: Partial<FrameChildOptions> = {}) =>
  createFrameChild({
    self: asWindow(self),
    parent: asWindow(parent),
    parentOrigin: ORIGIN,
    allowedOrigins: [ORIGIN],
    warn,
    ...overrides,
  });

const lastRequest = () =>
  parent.postMessage.mock.calls.at(-1)?.[0] as { id: string; command: string };
const answer = (id: string, payload: object, origin = ORIGIN, source: unknown = parent) =>
  self.deliver({
    origin,
    source,
    data: { protocol: 'insurance-frame/1', kind: 'response', id, ...payload },
  });

beforeEach(() => {
  self = fakeWindow();
  parent = fakeWindow();
  warn = vi.fn<FrameWarn>();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the frame child', () => {
  it('sends a command only to the parent’s known origin, never to "*"', () => {
    void child().send('getTheme', {});
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    const [message, target] = parent.postMessage.mock.calls[0] as [object, string];
    expect(target).toBe(ORIGIN);
    expect(message).toMatchObject({
      protocol: 'insurance-frame/1',
      kind: 'request',
      command: 'getTheme',
      args: {},
    });
  });

  it('resolves a command with the parent’s schema-valid result', async () => {
    const pending = child().send('getTheme', {});
    answer(lastRequest().id, { ok: true, result: { primary: '#8a1538' } });
    await expect(pending).resolves.toEqual({ primary: '#8a1538' });
  });

  it('sends the contract conclusion with contract id, product name and isCreated', async () => {
    const pending = child().send('contractConclusion', {
      contractId: 'AS-10000101',
      productName: 'Privathaftpflicht',
      isCreated: true,
    });
    expect(lastRequest()).toMatchObject({
      command: 'contractConclusion',
      args: { contractId: 'AS-10000101', productName: 'Privathaftpflicht', isCreated: true },
    });
    answer(lastRequest().id, { ok: true, result: null });
    await expect(pending).resolves.toBeNull();
  });

  it('warns about and rejects a response that does not match the command’s result schema', async () => {
    const pending = child().send('getTheme', {});
    answer(lastRequest().id, { ok: true, result: { primary: 'rot' } });
    await expect(pending).rejects.toBeInstanceOf(FrameResponseError);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('does not match its schema'),
      expect.anything(),
    );
  });

  it('rejects a command the parent answers as failed', async () => {
    const pending = child().send('getAuthToken', {});
    answer(lastRequest().id, { ok: false, error: 'unhandled command' });
    await expect(pending).rejects.toThrow('unhandled command');
  });

  it('fails a command unanswered after 20 s with a time-out error', async () => {
    vi.useFakeTimers();
    const pending = child().send('getContracts', {});
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(FrameTimeoutError);
    expect(String(error)).toContain('getContracts');
  });

  it('ignores an answer from another origin or another window', async () => {
    vi.useFakeTimers();
    const pending = child().send('getTheme', {});
    const outcome = pending.catch((error: unknown) => error);
    const { id } = lastRequest();
    answer(id, { ok: true, result: { primary: '#000000' } }, 'https://evil.example');
    answer(id, { ok: true, result: { primary: '#000000' } }, ORIGIN, fakeWindow());
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(FrameTimeoutError);
  });

  it('warns about an unknown command from the parent and answers it as failed', () => {
    child();
    self.deliver({
      origin: ORIGIN,
      source: parent,
      data: {
        protocol: 'insurance-frame/1',
        kind: 'request',
        id: 'p-1',
        command: 'deleteEverything',
        args: {},
      },
    });
    expect(warn).toHaveBeenCalledWith('Unknown frame command "deleteEverything"');
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'response', id: 'p-1', ok: false }),
      ORIGIN,
    );
  });

  it('refuses arguments outside the command’s schema before sending', async () => {
    await expect(child().send('resize', { height: -1 })).rejects.toThrow('Invalid arguments');
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('cannot be created for an origin outside the allowlist or "null"', () => {
    expect(() => child({ parentOrigin: 'https://evil.example' })).toThrow('not allowed');
    expect(() => child({ parentOrigin: 'null', allowedOrigins: ['null'] })).toThrow('not allowed');
  });
});
