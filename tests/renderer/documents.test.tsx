// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpRequest } from '../../engine/index.ts';
import type { TransportResult } from '../../renderer/index.ts';
import { axe } from './axe.ts';
import {
  ENDPOINTS,
  inlineDefinition,
  inlineServices,
  renderFlow,
  setupInlineTexts,
} from './inline.tsx';

// Endpoints of a document service, as the catalogue declares them.
ENDPOINTS['offer'] = {
  method: 'POST',
  path: '/api/antrag/{flow}/angebot',
  auth: 'bearer-optional',
  description: 'offer',
};
ENDPOINTS['document'] = {
  method: 'GET',
  path: '/api/dokumente/{name}',
  auth: 'none',
  description: 'document',
};

const definition = inlineDefinition({
  steps: [
    {
      id: 'reise',
      i18nPrefix: 'Trip',
      form: {
        schema: {
          type: 'object',
          properties: { ziel: { type: 'string' }, krank: { type: 'boolean' } },
        },
      },
    },
    {
      id: 'pruefen',
      i18nPrefix: 'Check',
      content: [
        {
          type: 'links',
          headlineKey: 'Check.documents',
          links: [
            { endpoint: 'document', params: { name: 'bedingungen' }, labelKey: 'Check.terms' },
            {
              endpoint: 'document',
              params: { name: 'einwilligung gesundheit' },
              labelKey: 'Check.health',
              visibleWhen: { var: 'data.reise.krank' },
            },
          ],
        },
        {
          type: 'download',
          endpoint: 'offer',
          params: { flow: 'inline-test' },
          body: { variante: { var: 'context.variant' }, antworten: { var: 'answers' } },
          labelKey: 'Check.offer',
        },
      ],
    },
  ],
});

beforeAll(async () => {
  await setupInlineTexts({
    Trip: { title: 'Ihre Reise', ziel: { label: 'Ziel' }, krank: { label: 'Krank' } },
    Check: {
      title: 'Prüfen',
      documents: 'Ihre Unterlagen',
      terms: 'Bedingungen',
      health: 'Einwilligung Gesundheit',
      offer: 'Angebot als PDF herunterladen',
    },
  });
});
afterEach(cleanup);

/** The flow at its second step with some answers, and a download service answering `answer`. */
async function atCheck(answer: () => Promise<TransportResult>, krank = false) {
  const { services, storage } = inlineServices();
  storage.set(
    'wizard:inline-test:v3:variant=advice',
    JSON.stringify({
      productName: '',
      productIdentifier: '',
      baseRoute: '/antrag/test',
      steps: [{ id: 'reise' }, { id: 'pruefen' }],
      currentStep: 'pruefen',
      formData: { reise: { ziel: 'Kreta', krank } },
      irrelevantKeys: {},
      applicationResult: null,
      applicationSent: false,
      prefilled: false,
    }),
  );
  const download = vi.fn<(request: HttpRequest) => Promise<TransportResult>>(() => answer());
  renderFlow({
    definition,
    services: { ...services, download },
    context: { variant: 'advice' },
    segment: 'pruefen',
  });
  await screen.findByRole('heading', { level: 1, name: 'Prüfen' });
  return {
    download,
    button: screen.getByRole('button', { name: 'Angebot als PDF herunterladen' }),
  };
}

describe('download blocks', () => {
  it('post the answers to the endpoint and say while the PDF is made, focus staying', async () => {
    let finish: (result: TransportResult) => void = () => undefined;
    const { download, button } = await atCheck(
      () => new Promise<TransportResult>((resolve) => (finish = resolve)),
    );
    await userEvent.click(button);
    expect(download).toHaveBeenCalledTimes(1);
    expect(download.mock.calls[0]?.[0]).toMatchObject({
      method: 'POST',
      url: '/api/antrag/inline-test/angebot',
      auth: 'bearer-optional',
      body: { variante: 'advice', antworten: { reise: { ziel: 'Kreta', krank: false } } },
    });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Das PDF wird erstellt …');
    // A second press while busy asks for nothing more.
    await userEvent.click(button);
    expect(download).toHaveBeenCalledTimes(1);
    finish({ ok: true, status: 200, body: null });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Das PDF wurde erstellt und gespeichert.',
      ),
    );
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(button).toHaveFocus();
    expect(await axe()).toEqual([]);
  });

  it('say in German when the PDF could not be made, and when answers are missing', async () => {
    const failed = await atCheck(async () => ({ ok: false, status: 500, body: null }));
    await userEvent.click(failed.button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Das PDF konnte nicht erstellt werden');
    expect(alert).toHaveTextContent('Bitte versuchen Sie es gleich noch einmal.');
    expect(await axe()).toEqual([]);
    cleanup();
    const incomplete = await atCheck(async () => ({ ok: false, status: 422, body: null }));
    await userEvent.click(incomplete.button);
    expect(await screen.findByRole('alert')).toHaveTextContent('fehlen noch Angaben');
  });

  it('say that no more such documents can be made for now when the customer’s limit is reached', async () => {
    const limited = await atCheck(async () => ({
      ok: false,
      status: 429,
      body: { error: 'too-many-requests', message: 'Zu viele.' },
    }));
    await userEvent.click(limited.button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Das PDF konnte nicht erstellt werden');
    expect(alert).toHaveTextContent('Weitere sind später wieder möglich');
    expect(alert).not.toHaveTextContent('gleich noch einmal');
  });
});

describe('links blocks', () => {
  it('list the documents whose rule holds, opening each in a new window', async () => {
    await atCheck(async () => ({ ok: true, status: 200, body: null }));
    const list = screen.getByRole('heading', {
      level: 2,
      name: 'Ihre Unterlagen',
    }).nextElementSibling;
    const links = within(list as HTMLElement).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bedingungen (PDF, öffnet in neuem Fenster)', '/api/dokumente/bedingungen'],
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener');
    cleanup();
    await atCheck(async () => ({ ok: true, status: 200, body: null }), true);
    expect(
      screen.getByRole('link', { name: 'Einwilligung Gesundheit (PDF, öffnet in neuem Fenster)' }),
    ).toHaveAttribute('href', '/api/dokumente/einwilligung%20gesundheit');
  });
});
