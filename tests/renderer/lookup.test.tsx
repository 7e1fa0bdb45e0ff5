// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpRequest } from '../../engine/index.ts';
import type { TransportResult } from '../../renderer/index.ts';
import { inlineDefinition, inlineServices, renderFlow, setupInlineTexts } from './inline.tsx';

const definition = inlineDefinition({
  steps: [
    {
      id: 'adresse',
      i18nPrefix: 'Address',
      form: {
        schema: {
          type: 'object',
          properties: { plz: { type: 'string' }, strasse: { type: 'string' } },
          required: ['plz', 'strasse'],
        },
        uiSchema: {
          'ui:order': ['plz', 'strasse'],
          strasse: {
            'ui:widget': 'lookup',
            'ui:autocomplete': 'address-line1',
            'ui:options': { endpoint: 'streets', minLength: 2, params: { plz: 'plz' } },
          },
        },
      },
    },
    { id: 'ende', i18nPrefix: 'End', content: [{ type: 'text', textKey: 'End.text' }] },
  ],
});

const STREETS = ['Hauptstraße', 'Hafenweg', 'Heideweg', 'Bahnhofstraße'];

function streetsFor(request: HttpRequest): TransportResult {
  const q = new URL(request.url, 'http://test').searchParams.get('q') ?? '';
  const found = STREETS.filter((s) => s.toLowerCase().startsWith(q.toLowerCase()));
  return { ok: true, status: 200, body: found.map((label, i) => ({ key: `s${i}`, label })) };
}

beforeAll(async () => {
  await setupInlineTexts({
    Address: { title: 'Ihre Adresse', plz: { label: 'PLZ' }, strasse: { label: 'Straße' } },
    End: { title: 'Ende', text: 'Fertig' },
  });
});
afterEach(cleanup);

async function renderAddress(
  answer: (request: HttpRequest) => TransportResult | Promise<TransportResult> = streetsFor,
) {
  const { services } = inlineServices(answer);
  renderFlow({ definition, services, segment: 'adresse' });
  await userEvent.type(await screen.findByLabelText('PLZ'), '10115');
  const input = screen.getByRole('combobox', { name: 'Straße' });
  return { services, input };
}

describe('lookup widget', () => {
  it('is a combobox that asks for suggestions with the typed text and the named fields', async () => {
    const { services, input } = await renderAddress();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('autocomplete', 'address-line1');
    await userEvent.type(input, 'H');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(services.transport).not.toHaveBeenCalled();

    await userEvent.type(input, 'a');
    const listbox = await screen.findByRole('listbox', { name: 'Vorschläge für Straße' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Hauptstraße', 'Hafenweg']);
    expect(services.transport).toHaveBeenCalledTimes(1);
    expect(services.transport.mock.calls[0]?.[0]).toMatchObject({
      method: 'GET',
      url: '/api/strassen?plz=10115&q=Ha',
    });
    expect(screen.getByRole('status')).toHaveTextContent('2 Vorschläge');
  });

  it('moves through the suggestions with the arrow keys and chooses one with Enter', async () => {
    const { services, input } = await renderAddress();
    await userEvent.type(input, 'Ha');
    const listbox = await screen.findByRole('listbox');
    const [first, second] = within(listbox).getAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', second?.id);
    await userEvent.keyboard('{Enter}');

    expect(input).toHaveValue('Hafenweg');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter chose a suggestion; it did not submit the step.
    expect(screen.getByRole('heading', { level: 1, name: 'Ihre Adresse' })).toBeVisible();
    expect(services.navigate).not.toHaveBeenCalledWith('ende', undefined);
    // Enter with the list closed is "Weiter" again.
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ende' })).toBeVisible();
  });

  it('closes with Escape, keeping the text, and opens again with the down arrow', async () => {
    const { input } = await renderAddress();
    await userEvent.type(input, 'Ha');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Ha');
    await userEvent.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getAllByRole('option')[0]?.id,
    );
  });

  it('chooses a suggestion by click and keeps free text as the answer', async () => {
    const { input } = await renderAddress();
    await userEvent.type(input, 'He');
    await userEvent.click(await screen.findByRole('option', { name: 'Heideweg' }));
    expect(input).toHaveValue('Heideweg');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, 'Am Feld 3');
    await userEvent.tab();
    expect(input).toHaveValue('Am Feld 3');
  });

  it('says when there are no suggestions', async () => {
    const { input } = await renderAddress();
    await userEvent.type(input, 'Xy');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Keine Vorschläge'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('drops the answer to an older text and a cancelled one', async () => {
    const pending: { request: HttpRequest; resolve: (r: TransportResult) => void }[] = [];
    const { input } = await renderAddress(
      (request) => new Promise((resolve) => pending.push({ request, resolve })),
    );
    await userEvent.type(input, 'Ha');
    await waitFor(() => expect(pending).toHaveLength(1));
    await userEvent.type(input, 'f');
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]?.request.url).toBe('/api/strassen?plz=10115&q=Haf');
    await act(async () => {
      const [older, newer] = pending;
      if (!older || !newer) throw new Error('two requests expected');
      newer.resolve(streetsFor(newer.request));
      await Promise.resolve();
      older.resolve(streetsFor(older.request));
    });
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Hafenweg']);

    await userEvent.type(input, 'e');
    await waitFor(() => expect(pending).toHaveLength(3));
    await act(async () => pending[2]?.resolve({ ok: true, status: 0, body: null, canceled: true }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
  });
});
