// @vitest-environment jsdom
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  loadNamespace,
  setupI18n,
  switchTranslationSource,
} from '../../../apps/web/src/i18n/setup.ts';
import { bundlePath, translationSource } from '../../../engine/i18n/translationSource.ts';
import { brandMarket } from '../../support/definitions.ts';

const requested: string[] = [];
/** Holds the answer for the namespace `portal` until called. */
let releasePortal: () => void = () => undefined;
const portalHeld = new Promise<void>((resolve) => (releasePortal = resolve));

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input).pathname;
    requested.push(url);
    if (url.endsWith('/portal')) await portalHeld;
    const body = url.endsWith('/common')
      ? { app: { name: 'Versicherungsportal' } }
      : { title: 'Schaden melden' };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('translationSource', () => {
  it('uses preview on a local host', () => {
    expect(translationSource('localhost', {})).toBe('preview');
    expect(translationSource('127.0.0.1', {})).toBe('preview');
  });

  it('uses live elsewhere unless the flag use-contentful-preview is on', () => {
    expect(translationSource('www.andsafe.example', { 'use-contentful-preview': false })).toBe(
      'live',
    );
    expect(translationSource('www.andsafe.example', { 'use-contentful-preview': true })).toBe(
      'preview',
    );
  });

  it('builds /api/i18n/{source}/{namespace}', () => {
    expect(bundlePath('live', 'common')).toBe('/api/i18n/live/common');
  });
});

describe('setupI18n', () => {
  it('loads German common texts from the chosen source, with common as default namespace', async () => {
    const i18n = await setupI18n({ source: 'live', market: brandMarket('andsafe') });
    expect(requested).toEqual(['/api/i18n/live/common']);
    expect(i18n.language).toBe('de');
    expect(i18n.options.fallbackLng).toEqual(['de']);
    expect(i18n.options.defaultNS).toBe('common');
    expect(i18n.t('app.name')).toBe('Versicherungsportal');
  });

  it('loads a flow’s namespace from the same source', async () => {
    await loadNamespace('claim-entry');
    expect(requested).toContain('/api/i18n/live/claim-entry');
    expect(i18next.t('title', { ns: 'claim-entry' })).toBe('Schaden melden');
  });

  it('does not wait for another namespace still loading when the flow’s is there', async () => {
    const portal = i18next.loadNamespaces('portal');
    const outcome = await Promise.race([
      loadNamespace('claim-entry').then(() => 'loaded'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 500)),
    ]);
    expect(outcome).toBe('loaded');
    releasePortal();
    await portal;
  });
});

describe('switchTranslationSource', () => {
  it('loads every namespace loaded so far again from the other source', async () => {
    requested.length = 0;
    await switchTranslationSource('preview');
    expect(requested).toEqual(
      expect.arrayContaining(['/api/i18n/preview/common', '/api/i18n/preview/claim-entry']),
    );
    expect(requested.some((url) => url.includes('/live/'))).toBe(false);
    expect(i18next.t('app.name')).toBe('Versicherungsportal');
  });

  it('requests nothing when the source stays the same', async () => {
    requested.length = 0;
    await switchTranslationSource('preview');
    expect(requested).toEqual([]);
  });
});

describe('the bundle backend', () => {
  it('counts an answer that is not a JSON object as failed, and a failed request as failed', async () => {
    const { bundleBackend } = await import('../../../apps/web/src/i18n/bundleBackend.ts');
    const read = (path: string) =>
      new Promise<[unknown, unknown]>((resolve) => {
        bundleBackend(() => path).read('de', 'x', (error, data) => resolve([error, data]));
      });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/liste')) return Response.json(['kein', 'Objekt']);
      if (url.endsWith('/fehlt')) return new Response('nicht da', { status: 404 });
      return Response.json({ titel: 'Schaden melden' });
    });
    expect(await read('/api/i18n/live/gut')).toEqual([null, { titel: 'Schaden melden' }]);
    const [listError, listData] = await read('/api/i18n/live/liste');
    expect(String(listError)).toContain('not a JSON object');
    expect(listData).toBe(false);
    const [missingError, missingData] = await read('/api/i18n/live/fehlt');
    expect(String(missingError)).toContain('404');
    expect(missingData).toBe(false);
  });
});
