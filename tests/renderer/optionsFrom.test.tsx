// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  inlineDefinition,
  inlineServices,
  renderFlow,
  savedState,
  setupInlineTexts,
} from './inline.tsx';

// Options that are data: the cover variants of the loaded contract (optionsFrom), each shown
// with the contract's own German name; the current one is filtered out in the list's rule.

const flow = inlineDefinition({
  steps: [
    {
      id: 'summe',
      i18nPrefix: 'Sum',
      form: {
        schema: {
          type: 'object',
          properties: { versicherungssumme: { type: 'number' } },
          required: ['versicherungssumme'],
        },
        uiSchema: { versicherungssumme: { 'ui:widget': 'radio' } },
        optionsFrom: {
          versicherungssumme: {
            list: { var: 'context.contract.deckungsVarianten' },
            when: {
              '!=': [
                { var: 'option.deckungsVarianteIdentifier' },
                { var: 'context.contract.deckungsIdentifier' },
              ],
            },
            value: 'versicherungssumme',
            label: 'deckungsVarianteName',
          },
        },
      },
    },
    { id: 'ende', i18nPrefix: 'End' },
  ],
});

const contract = {
  deckungsIdentifier: 'REISE_RUECKTRITT',
  deckungsVarianten: [
    {
      deckungsVarianteIdentifier: 'REISE_RUECKTRITT',
      deckungsVarianteName: 'Reiserücktritt bis 2.500 €',
      versicherungssumme: 2500,
    },
    {
      deckungsVarianteIdentifier: 'REISE_KOMPLETT',
      deckungsVarianteName: 'Reise-Komplettschutz bis 5.000 €',
      versicherungssumme: 5000,
    },
  ],
};

beforeAll(async () => {
  await setupInlineTexts({
    Sum: {
      title: 'Versicherte Kosten',
      versicherungssumme: {
        label: 'Neue Versicherungssumme',
        required: 'Bitte wählen Sie eine Versicherungssumme.',
      },
    },
    End: { title: 'Ende' },
  });
});
afterEach(cleanup);

function render(answers: Record<string, unknown> = {}) {
  const { services, storage } = inlineServices();
  storage.set('wizard:inline-test:v3', savedState(flow, { summe: answers }, 'summe'));
  renderFlow({ definition: flow, services, segment: 'summe', context: { contract } });
  return services;
}

describe('a choice whose options are data (optionsFrom)', () => {
  it('offers the items of the list with their own texts', async () => {
    render();
    await screen.findByRole('radio', { name: 'Reise-Komplettschutz bis 5.000 €' });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('goes on with an offered option', async () => {
    const services = render();
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Reise-Komplettschutz bis 5.000 €' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(services.navigate.mock.lastCall?.[0]).toBe('ende'));
  });

  it('refuses an answer the list does not offer, with the field’s required message', async () => {
    const services = render({ versicherungssumme: 2500 });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    expect(within(summary).getByRole('link')).toHaveTextContent(
      'Bitte wählen Sie eine Versicherungssumme.',
    );
    expect(services.navigate).not.toHaveBeenCalledWith('ende');
  });
});
