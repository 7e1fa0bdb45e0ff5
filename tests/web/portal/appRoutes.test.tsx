// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { CognitoUserSession } from 'amazon-cognito-identity-js';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowEntry } from '../../../generated/definitions/index.ts';
import type { BrandConfig } from '../../../generated/types/brand.ts';
import type { HttpCall, HttpResult } from '../../../apps/web/src/http/index.ts';
import { createQueryClient } from '../../../apps/web/src/platform/query/queryClient.ts';
import { fakeSend, ok, setupPortalTexts } from './support.tsx';

const server = vi.hoisted(() => ({
  send: (call: HttpCall): Promise<HttpResult> =>
    Promise.reject(new Error(`unexpected ${call.url}`)),
}));
vi.mock('../../../apps/web/src/http/index.ts', async () => {
  const { createUnavailableState } = await import('../../../apps/web/src/http/unavailable.ts');
  return {
    http: {
      send: (call: HttpCall) => server.send(call),
      answer: (call: HttpCall) => server.send(call),
      configure: () => undefined,
    },
    transport: () => Promise.reject(new Error('no flows here')),
    serviceUnavailable: createUnavailableState(),
  };
});

const { App, flowKey, flowPath, flowPortal } = await import('../../../apps/web/src/App.tsx');
const { authStore } = await import('../../../apps/web/src/auth/index.ts');

const brand = JSON.parse(readFileSync('definitions/brands/andsafe.json', 'utf8')) as BrandConfig;

/** A signed-in session for RequireAuth (an hour left). */
const signedIn = () =>
  ({
    getAccessToken: () => ({
      getExpiration: () => Math.floor(Date.now() / 1000) + 3600,
      getJwtToken: () => 'jwt',
      decodePayload: () => ({}),
    }),
  }) as unknown as CognitoUserSession;

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
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const entry = (over: Partial<FlowEntry> & Pick<FlowEntry, 'roles'>): FlowEntry => ({
  id: 'fahrrad',
  kind: 'application' as FlowEntry['kind'],
  baseRoute: '/antrag/fahrrad',
  i18nNamespace: 'fahrrad',
  brands: ['andsafe'],
  load: () => Promise.reject(new Error('not loaded')),
  ...over,
});

describe('flow routes', () => {
  it('turns {param} into :param and adds the optional step segment', () => {
    expect(flowPath(entry({ roles: ['claimant'] }))).toBe('/antrag/fahrrad/:segment?');
    expect(
      flowPath(
        entry({
          roles: ['vermittler'],
          baseRoute: '/vermittler/kunde/{partnerNummer}/antrag/fahrrad',
        }),
      ),
    ).toBe('/vermittler/kunde/:partnerNummer/antrag/fahrrad/:segment?');
  });

  it('keeps claimant flows public, guards customer flows, else agent flows', () => {
    expect(flowPortal(entry({ roles: ['claimant'] }))).toBeNull();
    expect(flowPortal(entry({ roles: ['claimant', 'vermittler'] }))).toBeNull();
    expect(flowPortal(entry({ roles: ['benutzer'] }))).toBe('benutzer');
    expect(flowPortal(entry({ roles: ['benutzer', 'vermittler'] }))).toBe('benutzer');
    expect(flowPortal(entry({ roles: ['vermittler'] }))).toBe('vermittler');
  });

  it('keys every variant of a flow apart', () => {
    const variant = (id: string) =>
      ({ ...entry({ roles: ['claimant'] }), variant: id }) as FlowEntry;
    expect(flowKey(entry({ roles: ['claimant'] }))).toBe('fahrrad');
    expect(new Set(['customer', 'agent', 'advice'].map((id) => flowKey(variant(id)))).size).toBe(3);
  });

  it('sends a signed-out customer from a customer flow to the log-in', async () => {
    vi.spyOn(authStore.auth.benutzer, 'session').mockResolvedValue(null);
    renderAppAt('/kunden/zahlungsweise/AS-10000101');
    await waitFor(() => expect(window.location.pathname).toBe('/kunden/login'));
    expect(new URLSearchParams(window.location.search).get('ziel')).toBe(
      '/kunden/zahlungsweise/AS-10000101',
    );
  });
});

describe('the route table', () => {
  it('serves the result pages without sign-in', async () => {
    renderAppAt('/antrag/sorry/agent');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Wir können leider kein Angebot machen',
      }),
    ).toBeInTheDocument();
  });

  it('shows an agent the overview at /vermittler, with the customer count and the agent navigation', async () => {
    vi.spyOn(authStore.auth.vermittler, 'session').mockResolvedValue(signedIn());
    server.send = fakeSend({
      'GET /api/vermittler/kunden': ok([
        { partnerNummer: '2000101' },
        { partnerNummer: '2000102' },
      ]),
    }).send;
    renderAppAt('/vermittler');
    expect(await screen.findByRole('heading', { level: 1, name: 'Übersicht' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '2 Kundinnen und Kunden' })).toHaveAttribute(
      'href',
      '/vermittler/kundenbestand',
    );
    expect(window.location.pathname).toBe('/vermittler');
    expect(screen.getByRole('navigation', { name: 'Vermittlerportal' })).toBeInTheDocument();
  });

  it('shows the customer navigation with "Meine Verträge" on the claims page', async () => {
    vi.spyOn(authStore.auth.benutzer, 'session').mockResolvedValue(signedIn());
    server.send = fakeSend({ 'GET /api/portal/schaeden': ok([]) }).send;
    renderAppAt('/kunden/schaeden');
    expect(await screen.findByRole('link', { name: 'Meine Verträge' })).toHaveAttribute(
      'href',
      '/kunden/vertraege',
    );
  });

  it('titles every page with the page and the brand: home, a portal page, an unknown address', async () => {
    renderAppAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Willkommen bei andsafe' });
    await waitFor(() => expect(document.title).toBe('Startseite – andsafe'));
    cleanup();
    vi.spyOn(authStore.auth.vermittler, 'session').mockResolvedValue(signedIn());
    server.send = fakeSend({ 'GET /api/vermittler/kunden': ok([]) }).send;
    renderAppAt('/vermittler');
    await screen.findByRole('heading', { level: 1, name: 'Übersicht' });
    await waitFor(() => expect(document.title).toBe('Übersicht – andsafe'));
    cleanup();
    renderAppAt('/gibt-es-nicht');
    await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' });
    await waitFor(() => expect(document.title).toBe('Seite nicht gefunden – andsafe'));
  });

  it('describes every insurance on the home page in a line under its name', async () => {
    renderAppAt('/');
    const list = await screen.findByRole('list', { name: 'Unsere Versicherungen' });
    const cards = within(list).getAllByRole('article');
    expect(cards.length).toBeGreaterThanOrEqual(9);
    for (const card of cards) {
      const name = within(card).getByRole('heading', { level: 3 }).textContent;
      expect(card.querySelector('p:not(.tile__links)')?.textContent, `${name}`).toBeTruthy();
    }
  });
});
