import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { HttpCall, HttpResult } from '../../../apps/web/src/http/index.ts';
import { createQueryClient } from '../../../apps/web/src/platform/query/queryClient.ts';
import { installMarketTexts } from '../../../apps/web/src/i18n/setup.ts';
import { marketTexts } from '../../../renderer/index.ts';
import { flows } from '../../../generated/definitions/index.ts';
import { brandMarket } from '../../support/definitions.ts';

const read = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/**
 * i18next with the real German bundles `common` and `portal`, and those of the flows offered for
 * contracts (their action labels show on the contract pages; the app loads them on first use).
 */
export async function setupPortalTexts(): Promise<void> {
  if (!i18next.isInitialized) {
    // The texts in andsafe's market (German, euros), as the app sets them up.
    const texts = installMarketTexts(marketTexts(brandMarket('andsafe')));
    await i18next
      .use(initReactI18next)
      .use(texts.postProcessor)
      .init({
        ...texts.options,
        defaultNS: 'common',
        ns: ['common', 'portal'],
        resources: {},
      });
    texts.addFormats(i18next);
  }
  const offered = flows.filter((entry) => entry.forContracts).map((entry) => entry.i18nNamespace);
  for (const ns of new Set(['common', 'portal', ...offered])) {
    if (!i18next.hasResourceBundle('de', ns))
      i18next.addResourceBundle('de', ns, read(`definitions/locales/de/${ns}.json`));
  }
}

/** An answer of the fake server: a result, or a function of the call. */
export type Answer = HttpResult | ((call: HttpCall) => HttpResult);

/**
 * A fake for `http.send` that answers by "METHOD url" and records every call; an unknown call
 * answers 404.
 */
export function fakeSend(answers: Record<string, Answer>) {
  const calls: HttpCall[] = [];
  const send = vi.fn(async (call: HttpCall): Promise<HttpResult> => {
    calls.push(call);
    const answer = answers[`${call.method} ${call.url}`];
    if (!answer) return { ok: false, status: 404, body: { error: 'not-found' } };
    return typeof answer === 'function' ? answer(call) : answer;
  });
  return { send, calls, answers };
}

export const ok = (body: unknown, status = 200): HttpResult => ({ ok: true, status, body });
export const fail = (status: number): HttpResult => ({
  ok: false,
  status,
  body: { error: 'x', message: 'Fehler' },
});

/** Shows where a link led (the page a test navigated to). */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

/** Renders a page at `url` under its route `path`, with a fresh query cache. */
export function renderPage(page: ReactNode, path: string, url: string) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** Text with the no-break spaces of Intl's currency format as plain spaces. */
export const plain = (text: string | null | undefined): string =>
  (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
