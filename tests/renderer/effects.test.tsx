// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpRequest } from '#engine';
import { Wizard } from '../../renderer/index.ts';
import { createHttpClient } from '../../apps/web/src/http/client.ts';
import {
  compileValidators,
  inlineDefinition,
  inlineServices,
  inlineSetup,
  renderFlow,
  savedState,
  setupInlineTexts,
} from './inline.tsx';

const definition = inlineDefinition({
  steps: [
    {
      id: 'antrag',
      i18nPrefix: 'Apply',
      form: {
        schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      onLeave: 'submit',
    },
    { id: 'ende', i18nPrefix: 'End', content: [{ type: 'text', textKey: 'End.text' }] },
  ],
  pages: [
    {
      id: 'fehler',
      kind: 'error',
      titleKey: 'Error.title',
      textKey: 'Error.text',
      actions: [
        { labelKey: 'Error.toContract', href: '/kunden/vertraege/{vertragId}/aendern' },
        { labelKey: 'Error.back', goTo: 'antrag' },
      ],
    },
  ],
  submit: {
    endpoint: 'apply',
    body: 'relevantData',
    onSuccess: [
      {
        go: 'route',
        route: '/antrag/danke',
        markSent: true,
        clearAnswers: true,
        notifyParent: {
          command: 'contractConclusion',
          args: { contractId: { var: 'response.nummer' }, isCreated: true },
        },
      },
    ],
    onFailure: [
      {
        when: { '==': [{ var: 'status' }, 422] },
        go: 'stay',
        infoBox: {
          tone: 'error',
          headlineKey: 'Apply.failedHeadline',
          textKey: 'Apply.failed',
          values: { grund: { var: 'response.grund' } },
        },
      },
      { go: 'page', page: 'fehler' },
    ],
  },
});

const KEY = 'wizard:inline-test:v3';

beforeAll(async () => {
  await setupInlineTexts({
    Apply: {
      title: 'Antrag',
      name: { label: 'Name' },
      failedHeadline: 'Antrag abgelehnt',
      failed: 'Der Antrag wurde abgelehnt: {{grund}}',
    },
    End: { title: 'Ende', text: 'Fertig' },
    Error: {
      title: 'Das hat nicht geklappt',
      text: 'Bitte versuchen Sie es später.',
      toContract: 'Zum Vertrag',
      back: 'Zurück zum Antrag',
    },
  });
});
afterEach(cleanup);

async function submit(name = 'Erika') {
  await userEvent.type(await screen.findByLabelText('Name'), name);
  await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
}

describe('outcome effects', () => {
  it('leaves for a platform route after saving the answers, and tells the parent page', async () => {
    const { services, storage } = inlineServices({
      ok: true,
      status: 201,
      body: { nummer: 'A-17' },
    });
    let savedWhenLeaving: string | undefined;
    services.leave.mockImplementation(() => {
      savedWhenLeaving = storage.get(KEY);
    });
    renderFlow({ definition, services });
    await screen.findByLabelText('Name');
    services.navigate.mockClear();
    await submit();
    await waitFor(() => expect(services.leave).toHaveBeenCalledWith('/antrag/danke'));
    expect(services.notifyParent).toHaveBeenCalledWith('contractConclusion', {
      contractId: 'A-17',
      isCreated: true,
    });
    expect(services.forward).not.toHaveBeenCalled();
    // Saved before leaving (the sent, cleared state), and no navigation within the flow after it.
    expect(savedWhenLeaving).toContain('"applicationSent":true');
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it('without a leave service opens the route with forward, and ignores a missing notifyParent', async () => {
    const { services: all } = inlineServices({ ok: true, status: 201, body: { nummer: 'A-1' } });
    const services = { ...all, leave: undefined, notifyParent: undefined };
    renderFlow({ definition, services });
    await submit();
    await waitFor(() => expect(services.forward).toHaveBeenCalledWith('/antrag/danke'));
  });

  it("interpolates the answer's values into the info box", async () => {
    const { services } = inlineServices({ ok: false, status: 422, body: { grund: 'zu alt' } });
    renderFlow({ definition, services });
    await submit();
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Antrag abgelehnt');
    expect(box).toHaveTextContent('Der Antrag wurde abgelehnt: zu alt');
  });
});

describe('a refusal', () => {
  const refusing = inlineDefinition({
    steps: [
      definition.steps[0] as (typeof definition.steps)[number],
      { id: 'weiteres', i18nPrefix: 'End', content: [{ type: 'text', textKey: 'End.text' }] },
    ].map((step) =>
      step.id === 'antrag'
        ? {
            ...step,
            onLeave: {
              endpoint: 'apply',
              body: 'relevantData',
              onSuccess: [
                {
                  when: { '!': { var: 'response.versicherbar' } },
                  go: 'route' as const,
                  route: '/antrag/sorry',
                  refusal: {
                    reason: { var: 'response.grund' },
                    fields: { var: 'response.grundFelder' },
                  },
                },
                { go: 'next' as const },
              ],
              onFailure: { go: 'page' as const, page: 'fehler' },
            },
          }
        : step,
    ),
    pages: definition.pages,
  });

  it('tells the refusal page the reason and the step of the answer that caused it', async () => {
    const { services } = inlineServices({
      ok: true,
      status: 200,
      body: { versicherbar: false, grund: 'Zu alt.', grundFelder: ['antrag.name'] },
    });
    renderFlow({ definition: refusing, services });
    await submit();
    await waitFor(() =>
      expect(services.leave).toHaveBeenCalledWith('/antrag/sorry', {
        refusal: { reason: 'Zu alt.', step: 'antrag' },
      }),
    );
  });
});

describe('a cancelled call', () => {
  const CANCELED = { ok: true, status: 0, body: null, canceled: true };

  it('is no answer: the call goes again and its real answer decides', async () => {
    const answers = [CANCELED, { ok: false, status: 422, body: { grund: 'zu alt' } }];
    const { services } = inlineServices(() => answers.shift() ?? CANCELED);
    renderFlow({ definition, services });
    await submit();
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Der Antrag wurde abgelehnt: zu alt');
    expect(services.transport).toHaveBeenCalledTimes(2);
    expect(services.transport.mock.calls[1]?.[0]).toEqual(services.transport.mock.calls[0]?.[0]);
    expect(services.leave).not.toHaveBeenCalled();
  });

  it('cancelled again and again counts as a failed call, never as a success', async () => {
    const { services } = inlineServices(CANCELED);
    renderFlow({ definition, services });
    await submit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Das hat nicht geklappt' }),
    ).toBeVisible();
    expect(services.leave).not.toHaveBeenCalled();
    expect(services.notifyParent).not.toHaveBeenCalled();
  });

  it("cancelled by the app's client for a newer call to the same path, is sent again", async () => {
    // The app's one client cancels a running call when another goes to the same path (spec
    // section 8), as the live price does to the price check of a step being left.
    let release: (() => void) | undefined;
    let calls = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      calls += 1;
      const signal = input instanceof Request ? input.signal : init?.signal;
      if (calls === 1) {
        await new Promise<void>((resolve, reject) => {
          release = resolve;
          signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        });
      }
      return new Response(JSON.stringify({ grund: 'zu alt' }), {
        status: 422,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createHttpClient({ fetch });
    const { services: base } = inlineServices();
    const absolute = (request: HttpRequest) => ({
      ...request,
      url: `http://localhost${request.url}`,
    });
    const services = {
      ...base,
      transport: vi.fn((r: HttpRequest) => client.transport(absolute(r))),
    };
    renderFlow({ definition, services });
    await submit();
    await waitFor(() => expect(calls).toBe(1));
    // Another call to the same path (the live price) cancels the step's call.
    const other = services.transport.mock.calls[0]?.[0];
    if (!other) throw new Error('the step sent no call');
    void client.transport(absolute(other));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Der Antrag wurde abgelehnt: zu alt');
    expect(services.leave).not.toHaveBeenCalled();
    release?.();
  });
});

describe('page buttons', () => {
  it('fills {name} in an href from the route parameters, URL-encoded, and leaves through the app', async () => {
    const { services } = inlineServices();
    renderFlow({
      definition,
      services,
      segment: 'fehler',
      context: { route: { vertragId: 'V 1/2' } },
    });
    const link = await screen.findByRole('link', { name: 'Zum Vertrag' });
    expect(link).toHaveAttribute('href', '/kunden/vertraege/V%201%2F2/aendern');
    await userEvent.click(link);
    expect(services.leave).toHaveBeenCalledWith('/kunden/vertraege/V%201%2F2/aendern');
    await userEvent.click(screen.getByRole('button', { name: 'Zurück zum Antrag' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Antrag' })).toBeVisible();
  });
});

describe('prefill', () => {
  const prefilled = inlineDefinition({
    steps: definition.steps,
    prefill: { fields: { bikeManufacturer: { target: 'antrag.name' } } },
  });

  it('fills a fresh start with the values the flow was opened with', async () => {
    const { services } = inlineServices();
    render(
      <Wizard
        setup={inlineSetup(prefilled)}
        validators={compileValidators(prefilled)}
        services={services}
        segment={undefined}
        fileLimits={{ maxSizeBytes: 1, maxCount: 1 }}
        prefill={{ bikeManufacturer: 'Gazelle' }}
      />,
    );
    expect(await screen.findByLabelText('Name')).toHaveValue('Gazelle');
  });

  it("never overwrites the tab's own answers", async () => {
    const { services, storage } = inlineServices();
    storage.set(KEY, savedState(prefilled, { antrag: { name: 'Eigene Angabe' } }, 'antrag'));
    render(
      <Wizard
        setup={inlineSetup(prefilled)}
        validators={compileValidators(prefilled)}
        services={services}
        segment={undefined}
        fileLimits={{ maxSizeBytes: 1, maxCount: 1 }}
        prefill={{ bikeManufacturer: 'Gazelle' }}
      />,
    );
    expect(await screen.findByLabelText('Name')).toHaveValue('Eigene Angabe');
  });
});
