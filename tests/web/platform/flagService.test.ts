// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  evaluationUrl,
  FLAG_INIT_TIMEOUT_MS,
  loadFlags,
  type LoadFlagsOptions,
} from '../../../apps/web/src/platform/index.ts';

const defaults = {
  'use-contentful-preview': false,
  'enable-vehicle-insurance-claim-report': false,
};

/** A fetch that answers every request with `body` as JSON (after `wait`, when given). */
function answering(body: unknown, status = 200, wait?: Promise<void>) {
  return vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (wait) {
      await new Promise<void>((resolve, reject) => {
        void wait.then(resolve);
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    }
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

const options = (fetch: typeof globalThis.fetch): LoadFlagsOptions => ({
  clientId: 'local-client-id',
  baseUrl: '/api/flags',
  origin: 'http://127.0.0.1:4600',
  userId: 'user-1234',
  defaults,
  fetch,
});

const requestedUrl = (fetch: ReturnType<typeof answering>): string => {
  const input = fetch.mock.calls[0]?.[0];
  return input instanceof Request ? input.url : String(input);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('loadFlags', () => {
  it('takes the service’s boolean values of known flags', async () => {
    const fetch = answering({
      'enable-vehicle-insurance-claim-report': { value: true, variation: 0, version: 3 },
      'use-contentful-preview': { value: 'yes', variation: 1, version: 3 },
      'unknown-flag': { value: true },
    });
    await expect(loadFlags(options(fetch))).resolves.toEqual({
      source: 'service',
      values: { 'use-contentful-preview': false, 'enable-vehicle-insurance-claim-report': true },
    });
  });

  it('asks for the anonymous user of the cookie’s id on the environment’s endpoint, without cookies', async () => {
    const fetch = answering({});
    await loadFlags(options(fetch));
    const url = new URL(requestedUrl(fetch));
    expect(url.origin).toBe('http://127.0.0.1:4600');
    expect(url.pathname).toMatch(/^\/api\/flags\/sdk\/evalx\/local-client-id\/contexts\/[\w-]+$/);
    const context = url.pathname.split('/').at(-1) ?? '';
    expect(JSON.parse(atob(context.replace(/-/g, '+').replace(/_/g, '/')))).toEqual({
      kind: 'user',
      key: 'user-1234',
      anonymous: true,
    });
    const request = fetch.mock.calls[0]?.[0];
    expect(request instanceof Request ? request.credentials : undefined).toBe('omit');
  });

  it('runs on the defaults of definitions/flags.json when the service has not answered after 2000 ms', async () => {
    vi.useFakeTimers();
    const fetch = answering({}, 200, new Promise<void>(() => undefined));
    const loaded = loadFlags(options(fetch));
    await vi.advanceTimersByTimeAsync(FLAG_INIT_TIMEOUT_MS);
    await expect(loaded).resolves.toEqual({ source: 'defaults', values: defaults });
  });

  it('still takes the service’s answer just before 2000 ms', async () => {
    vi.useFakeTimers();
    let ready: () => void = () => undefined;
    const wait = new Promise<void>((resolve) => (ready = resolve));
    const fetch = answering({ 'use-contentful-preview': { value: true } }, 200, wait);
    const loaded = loadFlags(options(fetch));
    await vi.advanceTimersByTimeAsync(FLAG_INIT_TIMEOUT_MS - 10);
    ready();
    await expect(loaded).resolves.toMatchObject({
      source: 'service',
      values: { 'use-contentful-preview': true },
    });
  });

  it('runs on the defaults when the service fails or answers no object of flags', async () => {
    for (const fetch of [answering({ error: 'not-found' }, 404), answering([true]), answering('x')])
      await expect(loadFlags(options(fetch))).resolves.toEqual({
        source: 'defaults',
        values: defaults,
      });
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadFlags(options(offline))).resolves.toEqual({
      source: 'defaults',
      values: defaults,
    });
  });
});

describe('evaluationUrl', () => {
  it('uses the service’s own host when the environment names no endpoint', () => {
    const url = evaluationUrl({
      clientId: 'production-client-id',
      origin: 'https://www.andsafe.example',
      userId: 'u-1',
    });
    expect(url).toMatch(
      /^https:\/\/app\.launchdarkly\.com\/sdk\/evalx\/production-client-id\/contexts\/[\w-]+$/,
    );
  });
});
