// @vitest-environment jsdom
import type { LDClient } from 'launchdarkly-js-client-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FLAG_INIT_TIMEOUT_MS,
  flagSdkOptions,
  startFlagClient,
  type FlagClientOptions,
  type FlagValues,
  type InitializeFlagClient,
} from '../../../apps/web/src/platform/index.ts';

const defaults = {
  'use-contentful-preview': false,
  'enable-vehicle-insurance-claim-report': false,
};

/** A client as the SDK's: ready when `init` settles, values from `flags`, `change` listeners. */
function fakeClient(init: Promise<void>, flags: Record<string, unknown> = {}) {
  const listeners: (() => void)[] = [];
  const client = {
    waitForInitialization: () => init,
    variation: (key: string, fallback: unknown) => (key in flags ? flags[key] : fallback),
    on: (event: string, listener: () => void) => {
      if (event === 'change') listeners.push(listener);
    },
  } as unknown as LDClient;
  /** Changes the service's values as its stream or a fresh answer would. */
  const change = (next: Record<string, unknown>) => {
    Object.assign(flags, next);
    for (const listener of listeners) listener();
  };
  return { client, change };
}

function options(client: LDClient, onChange: (values: FlagValues) => void = () => undefined) {
  const initialize = vi.fn<InitializeFlagClient>(() => client);
  const all: FlagClientOptions = {
    clientId: 'local-client-id',
    baseUrl: '/api/flags',
    origin: 'http://127.0.0.1:4600',
    userId: 'user-1234',
    defaults,
    onChange,
    initialize,
  };
  return { all, initialize };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startFlagClient', () => {
  it('takes the boolean values of known flags once the SDK is ready', async () => {
    const { client } = fakeClient(Promise.resolve(), {
      'enable-vehicle-insurance-claim-report': true,
      'use-contentful-preview': 'yes',
      'unknown-flag': true,
    });
    await expect(startFlagClient(options(client).all)).resolves.toEqual({
      source: 'service',
      values: { 'use-contentful-preview': false, 'enable-vehicle-insurance-claim-report': true },
    });
  });

  it('starts the SDK for the anonymous user of the cookie’s id on the local endpoint', async () => {
    const { client } = fakeClient(Promise.resolve());
    const { all, initialize } = options(client);
    await startFlagClient(all);
    expect(initialize).toHaveBeenCalledWith(
      'local-client-id',
      { kind: 'user', key: 'user-1234', anonymous: true },
      expect.objectContaining({
        baseUrl: 'http://127.0.0.1:4600/api/flags',
        streamUrl: 'http://127.0.0.1:4600/api/flags',
        eventsUrl: 'http://127.0.0.1:4600/api/flags',
        streaming: false,
        bootstrap: 'localStorage',
      }),
    );
  });

  it('hands every later change of the service’s values on', async () => {
    const { client, change } = fakeClient(Promise.resolve(), {
      'enable-vehicle-insurance-claim-report': false,
    });
    const heard: FlagValues[] = [];
    await startFlagClient(options(client, (values) => heard.push(values)).all);
    change({ 'enable-vehicle-insurance-claim-report': true });
    change({ 'enable-vehicle-insurance-claim-report': false, 'use-contentful-preview': true });
    expect(heard).toEqual([
      { 'use-contentful-preview': false, 'enable-vehicle-insurance-claim-report': true },
      { 'use-contentful-preview': true, 'enable-vehicle-insurance-claim-report': false },
    ]);
  });

  it('runs on the defaults when the SDK is not ready after 2000 ms', async () => {
    vi.useFakeTimers();
    const { client } = fakeClient(new Promise<void>(() => undefined));
    const loaded = startFlagClient(options(client).all);
    await vi.advanceTimersByTimeAsync(FLAG_INIT_TIMEOUT_MS);
    await expect(loaded).resolves.toEqual({ source: 'defaults', values: defaults });
  });

  it('still takes the SDK’s values just before 2000 ms', async () => {
    vi.useFakeTimers();
    let ready: () => void = () => undefined;
    const init = new Promise<void>((resolve) => (ready = resolve));
    const { client } = fakeClient(init, { 'use-contentful-preview': true });
    const loaded = startFlagClient(options(client).all);
    await vi.advanceTimersByTimeAsync(FLAG_INIT_TIMEOUT_MS - 10);
    ready();
    await expect(loaded).resolves.toMatchObject({
      source: 'service',
      values: { 'use-contentful-preview': true },
    });
  });

  it('runs on the defaults when the SDK fails to start', async () => {
    const { client } = fakeClient(Promise.reject(new Error('404')));
    await expect(startFlagClient(options(client).all)).resolves.toEqual({
      source: 'defaults',
      values: defaults,
    });
  });
});

describe('flagSdkOptions', () => {
  it('leaves the service’s own hosts and its stream when the environment names no endpoint', () => {
    const sdk = flagSdkOptions(undefined, 'https://www.andsafe.example');
    expect(sdk).not.toHaveProperty('baseUrl');
    expect(sdk).not.toHaveProperty('streaming');
    expect(sdk.bootstrap).toBe('localStorage');
  });
});
