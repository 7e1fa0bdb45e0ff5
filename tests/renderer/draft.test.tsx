// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKey } from '../../renderer/index.ts';
import {
  inlineDefinition,
  inlineServices,
  renderFlow,
  savedState,
  setupInlineTexts,
} from './inline.tsx';

const definition = inlineDefinition({
  steps: [
    {
      id: 'person',
      i18nPrefix: 'Person',
      form: {
        schema: {
          type: 'object',
          properties: { name: { type: 'string' }, plz: { type: 'string' } },
          required: ['name', 'plz'],
        },
      },
    },
    { id: 'weiter', i18nPrefix: 'Next', content: [{ type: 'text', textKey: 'Next.text' }] },
  ],
  draft: {
    endpoint: 'draft-save',
    when: { '==': [{ var: 'context.variant' }, 'agent'] },
    params: { id: { var: 'draft.id' } },
    body: {
      flow: 'inline-test',
      kunde: { var: 'context.route.partnerNummer' },
      zustand: { var: 'draft.state' },
    },
  },
});

const AGENT = { variant: 'agent', route: { partnerNummer: '4711' } };
const AGENT_KEY = 'wizard:inline-test:v3:variant=agent:route={"partnerNummer":"4711"}';
const UUID =
  /^\/api\/entwuerfe\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  await setupInlineTexts({
    Person: {
      title: 'Ihre Person',
      name: { label: 'Name', required: 'Bitte geben Sie Ihren Namen ein.' },
      plz: { label: 'PLZ', required: 'Bitte geben Sie Ihre PLZ ein.' },
    },
    Next: { title: 'Nächster Schritt', text: 'Weiter geht es.' },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const draftButton = () => screen.getByRole('button', { name: 'Als Entwurf speichern' });

describe('drafts', () => {
  it('offers no draft where the definition does not (customer variant)', async () => {
    const { services } = inlineServices();
    renderFlow({ definition, services, context: { variant: 'customer' } });
    await screen.findByRole('heading', { level: 1, name: 'Ihre Person' });
    expect(screen.queryByRole('button', { name: 'Als Entwurf speichern' })).toBeNull();
  });

  it('saves the answers without validating and says when, focus staying on the button', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 3, 14, 5));
    const { services } = inlineServices({ ok: true, status: 200, body: { id: 'x' } });
    renderFlow({ definition, services, context: AGENT });
    await userEvent.type(await screen.findByLabelText('Name'), 'Erika');
    await userEvent.click(draftButton());

    const status = await screen.findByRole('status');
    await within(status).findByRole('heading', { name: 'Entwurf gespeichert' });
    expect(status).toHaveTextContent('Ihr Entwurf wurde um 14:05 Uhr gespeichert.');
    expect(draftButton()).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Bitte geben Sie Ihre PLZ ein.')).toBeNull();

    expect(services.transport).toHaveBeenCalledTimes(1);
    const request = services.transport.mock.calls[0]?.[0];
    expect(request?.method).toBe('PUT');
    expect(request?.url).toMatch(UUID);
    expect(request?.body).toEqual({
      flow: 'inline-test',
      kunde: '4711',
      zustand: { formData: { person: { name: 'Erika' } }, currentStep: 'person' },
    });
  });

  it('replaces the same draft on a second save, also after a reload', async () => {
    const { services } = inlineServices();
    const first = renderFlow({ definition, services, context: AGENT });
    await userEvent.type(await screen.findByLabelText('Name'), 'Erika');
    await userEvent.click(draftButton());
    await screen.findByText(/Ihr Entwurf wurde um/);
    await userEvent.type(screen.getByLabelText('PLZ'), '10115');
    await userEvent.click(draftButton());
    await waitFor(() => expect(services.transport).toHaveBeenCalledTimes(2));
    const [one, two] = services.transport.mock.calls.map(([request]) => request);
    expect(two?.url).toBe(one?.url);
    expect(two?.body).toMatchObject({
      zustand: { formData: { person: { name: 'Erika', plz: '10115' } } },
    });
    first.unmount();

    renderFlow({ definition, services, context: AGENT });
    expect(await screen.findByLabelText('PLZ')).toHaveValue('10115');
    await userEvent.click(draftButton());
    await waitFor(() => expect(services.transport).toHaveBeenCalledTimes(3));
    expect(services.transport.mock.calls[2]?.[0].url).toBe(one?.url);
  });

  it('says when a draft could not be saved, without an alert that takes over', async () => {
    const { services } = inlineServices({ ok: false, status: 500, body: null });
    renderFlow({ definition, services, context: AGENT });
    await userEvent.click(await screen.findByRole('button', { name: 'Als Entwurf speichern' }));
    const status = screen.getByRole('status');
    await within(status).findByRole('heading', { name: 'Entwurf nicht gespeichert' });
    expect(status).toHaveTextContent(
      'Der Entwurf konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    );
    expect(draftButton()).toHaveFocus();
  });

  it('the notice goes away on another step', async () => {
    const { services } = inlineServices();
    renderFlow({ definition, services, context: AGENT });
    await userEvent.type(await screen.findByLabelText('Name'), 'Erika');
    await userEvent.type(screen.getByLabelText('PLZ'), '10115');
    await userEvent.click(draftButton());
    await screen.findByText(/Ihr Entwurf wurde um/);
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await screen.findByRole('heading', { level: 1, name: 'Nächster Schritt' });
    expect(screen.queryByText(/Ihr Entwurf wurde um/)).toBeNull();
  });
});

describe('resuming a draft', () => {
  const resumed = {
    ...AGENT,
    draft: {
      id: 'd-42',
      zustand: { formData: { person: { name: 'Max', plz: '20095' } }, currentStep: 'weiter' },
    },
  };

  it('opens at the saved step with the saved answers and saves under the same id', async () => {
    const { services } = inlineServices();
    renderFlow({ definition, services, context: resumed });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nächster Schritt' }),
    ).toBeVisible();
    await userEvent.click(draftButton());
    await waitFor(() => expect(services.transport).toHaveBeenCalledTimes(1));
    expect(services.transport.mock.calls[0]?.[0].url).toBe('/api/entwuerfe/d-42');
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Max');
    expect(screen.getByLabelText('PLZ')).toHaveValue('20095');
  });

  it("keeps the tab's own answers over the draft after a reload", async () => {
    const { services, storage } = inlineServices();
    storage.set(
      `${AGENT_KEY}:draft=d-42`,
      savedState(definition, { person: { name: 'Moritz' } }, 'person'),
    );
    renderFlow({ definition, services, context: resumed });
    expect(await screen.findByLabelText('Name')).toHaveValue('Moritz');
  });
});

describe('storage key', () => {
  it('tells variants, route parameters and resumed drafts apart, keeping the version', () => {
    expect(storageKey('fahrrad', 2)).toBe('wizard:fahrrad:v2');
    expect(storageKey('fahrrad', 2, { variant: 'agent', route: {} })).toBe(
      'wizard:fahrrad:v2:variant=agent',
    );
    expect(storageKey('fahrrad', 2, { route: { b: '2', a: '1' } })).toBe(
      storageKey('fahrrad', 2, { route: { a: '1', b: '2' } }),
    );
    expect(
      storageKey('fahrrad', 2, { variant: 'agent', route: { partnerNummer: '1' }, draft: 'd' }),
    ).toBe('wizard:fahrrad:v2:variant=agent:route={"partnerNummer":"1"}:draft=d');
  });

  it("does not share one customer's answers with another's in the same tab", async () => {
    const { services, storage } = inlineServices();
    const first = renderFlow({ definition, services, context: AGENT });
    await userEvent.type(await screen.findByLabelText('Name'), 'Kunde A');
    first.unmount();
    expect(storage.get(AGENT_KEY)).toContain('Kunde A');

    const second = renderFlow({
      definition,
      services,
      context: { variant: 'agent', route: { partnerNummer: '4712' } },
    });
    expect(await screen.findByLabelText('Name')).toHaveValue('');
    second.unmount();

    const third = renderFlow({
      definition,
      services,
      context: { variant: 'customer', route: {} },
    });
    expect(await screen.findByLabelText('Name')).toHaveValue('');
    third.unmount();
    expect([...storage.keys()].sort()).toEqual([
      'wizard:inline-test:v3:variant=agent:route={"partnerNummer":"4711"}',
      'wizard:inline-test:v3:variant=agent:route={"partnerNummer":"4712"}',
      'wizard:inline-test:v3:variant=customer',
    ]);
  });
});
