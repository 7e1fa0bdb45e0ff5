// @vitest-environment jsdom
import type { LDClient } from 'launchdarkly-js-client-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FLAG_INIT_TIMEOUT_MS,
  flagSdkOptions,
  loadFlags,
  type LoadFlagsOptions,
} from '../../../apps/web/src/platform/index.ts';

const defaults = {
  'use-contentful-preview': false,
  'enable-vehicle-insurance-claim-report': false,
};

function fakeClient(init: Promise<void>, flags: Record<string, unknown> = {}): LDClient {
  return { waitForInitialization: () => init, allFlags: () => flags } as unknown as LDClient;
}
const options = (client: LDClient, spy = vi.fn(() => client)): LoadFlagsOptions => ({
  clientId: 'local-client-id',
  baseUrl: '/api/flags',
  origin: 'http://127.0.0.1:4600',
  userId: 'user-1234',
  defaults,
  initialize: spy,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loadFlags', () => {
  it('takes the service’s boolean values of known flags once it is ready', async () => {
    const client = fakeClient(Promise.resolve(), {
      'enable-vehicle-insurance-claim-report': true,
      'use-contentful-preview': 'yes',
      'unknown-flag': true,
    });
    await expect(loadFlags(options(client))).resolves.toEqual({
      source: 'service',
      values: { 'use-contentful-preview': false, 'enable-vehicle-insurance-claim-report': true },
    });
  });

  it('runs on the defaults of definitions/flags.json when the service has not answered after 2000 ms', async () => {
    vi.useFakeTimers();
    const loaded = loadFlags(options(fakeClient(new Promise<void>(() => undefined))));
    await vi.advanceTimersByTimeAsync(FLAG_INIT_TIMEOUT_MS);
    await expect(loaded).resolves.toEqual({ source: 'defaults', values: defaults });
  });

  it('still waits for the service just before 2000 ms', async () => {
    vi.useFakeTimers();
    let ready: () => void = () => undefined;
    const init = new Promise<void>((resolve) => (ready = resolve));
    const loaded = loadFlags(options(fakeClient(init, { 'use-contentful-preview': true })));
    await vi.advanceTimersByTimeAsync(FLAG_INIT_TIMEOUT_MS - 10);
    ready();
    await expect(loaded).resolves.toMatchObject({
      source: 'service',
      values: { 'use-contentful-preview': true },
    });
  });

  it('runs on the defaults when the service fails', async () => {
    const client = fakeClient(Promise.reject(new Error('404')));
    await expect(loadFlags(options(client))).resolves.toEqual({
      source: 'defaults',
      values: defaults,
    });
  });

  it('identifies the anonymous user by the cookie’s id and points the SDK at the local endpoint', async () => {
    const client = fakeClient(Promise.resolve());
    const spy = vi.fn(() => client);
    await loadFlags(options(client, spy));
    expect(spy).toHaveBeenCalledWith(
      'local-client-id',
      { kind: 'user', key: 'user-1234', anonymous: true },
      expect.objectContaining({
        baseUrl: 'http://127.0.0.1:4600/api/flags',
        streamUrl: 'http://127.0.0.1:4600/api/flags',
        eventsUrl: 'http://127.0.0.1:4600/api/flags',
        streaming: false,
        fetchGoals: false,
      }),
    );
  });
});

describe('flagSdkOptions', () => {
  it('leaves the service’s own hosts when the environment names none', () => {
    const sdk = flagSdkOptions(undefined, 'https://www.andsafe.example');
    expect(sdk).not.toHaveProperty('baseUrl');
    expect(sdk.streaming).toBe(false);
  });
});
