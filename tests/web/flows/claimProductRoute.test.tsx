// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpRequest } from '../../../engine/index.ts';
import type { HttpCall, HttpResult } from '../../../apps/web/src/http/index.ts';
import type { BrandConfig } from '../../../generated/types/brand.ts';
import { createQueryClient } from '../../../apps/web/src/platform/query/queryClient.ts';
import { setupPortalTexts } from '../portal/support.tsx';

// The claim app's route names its claim product (/schaden-melden/<route>/0): the flow loads the
// product by it, and a route the claim products do not have is the app's not-found page.
const server = vi.hoisted(() => ({ requests: [] as string[] }));
const PHV = {
  versicherung: 'PHV',
  route: 'phv',
  schadenarten: [
    { key: 'PERSONENSCHADEN', label: 'Eine Person wurde verletzt' },
    { key: 'SCHLUESSELVERLUST', label: 'Ein fremder Schlüssel ist verloren gegangen' },
  ],
  polizeiFuer: [],
  unterlagen: [],
};
vi.mock('../../../apps/web/src/http/index.ts', async () => {
  const { createUnavailableState } = await import('../../../apps/web/src/http/unavailable.ts');
  const notFound: HttpResult = { ok: false, status: 404, body: { error: 'not-found' } };
  return {
    http: {
      send: async (call: HttpCall): Promise<HttpResult> => {
        server.requests.push(call.url);
        return notFound;
      },
      configure: () => undefined,
    },
    transport: async (request: HttpRequest): Promise<HttpResult> => {
      server.requests.push(request.url);
      return request.url === '/api/schadenmeldung/produkt/phv'
        ? { ok: true, status: 200, body: PHV }
        : notFound;
    },
    download: async () => undefined,
    serviceUnavailable: createUnavailableState(),
  };
});

const { App } = await import('../../../apps/web/src/App.tsx');
const brand = JSON.parse(readFileSync('definitions/brands/hfk.json', 'utf8')) as BrandConfig;

function renderAppAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <App brand={brand} />
    </QueryClientProvider>,
  );
}

beforeAll(setupPortalTexts);
afterEach(() => {
  cleanup();
  server.requests.length = 0;
  window.history.replaceState(null, '', '/');
});

describe('the claim app of a claim product', () => {
  it('shows the not-found page, titled so, for a made-up claim product, never a claim form', async () => {
    renderAppAt('/schaden-melden/zz/0?token=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Seite nicht gefunden – HFK'));
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(server.requests).toContain('/api/schadenmeldung/produkt/zz');
  });

  it('offers the damage types of a known claim product, as its data lists them', async () => {
    renderAppAt('/schaden-melden/phv/0?token=abc');
    expect(
      await screen.findByRole('radio', { name: 'Eine Person wurde verletzt' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Seite nicht gefunden' })).toBeNull();
  });
});
