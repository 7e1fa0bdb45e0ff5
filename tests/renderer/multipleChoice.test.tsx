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

// A multiple choice (checkboxes) whose options follow an earlier answer: covers for children
// are offered only to families.

const flow = inlineDefinition({
  steps: [
    {
      id: 'familie',
      i18nPrefix: 'Family',
      form: {
        schema: {
          type: 'object',
          properties: { stand: { type: 'string', enum: ['SINGLE', 'FAMILIE'] } },
          required: ['stand'],
        },
        uiSchema: { stand: { 'ui:widget': 'radio' } },
      },
    },
    {
      id: 'deckung',
      i18nPrefix: 'Cover',
      form: {
        schema: {
          type: 'object',
          properties: {
            bausteine: {
              type: 'array',
              uniqueItems: true,
              items: { type: 'string', enum: ['SCHLUESSEL', 'KINDER'] },
            },
          },
        },
        uiSchema: { bausteine: { 'ui:widget': 'checkboxes' } },
        optionsWhen: {
          bausteine: {
            or: [
              { '!=': [{ var: 'option' }, 'KINDER'] },
              { '==': [{ var: 'data.familie.stand' }, 'FAMILIE'] },
            ],
          },
        },
      },
    },
    { id: 'ende', i18nPrefix: 'End' },
  ],
});

beforeAll(async () => {
  await setupInlineTexts({
    Family: {
      title: 'Familie',
      stand: { label: 'Familienstand', options: { SINGLE: 'Single', FAMILIE: 'Familie' } },
    },
    Cover: {
      title: 'Bausteine',
      bausteine: {
        label: 'Bausteine',
        enum: 'Kinder können Sie nur als Familie versichern.',
        options: { SCHLUESSEL: 'Schlüsselverlust', KINDER: 'Deliktunfähige Kinder' },
      },
    },
    End: { title: 'Ende' },
  });
});
afterEach(cleanup);

function renderCover(formData: Record<string, Record<string, unknown>>) {
  const { services, storage } = inlineServices();
  storage.set('wizard:inline-test:v3', savedState(flow, formData, 'deckung'));
  renderFlow({ definition: flow, services, segment: 'deckung' });
  return services;
}

describe('a multiple choice with options that follow earlier answers', () => {
  it('shows a box only for each offered option', async () => {
    renderCover({ familie: { stand: 'SINGLE' } });
    const group = await screen.findByRole('group', { name: /Bausteine/ });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.nextSibling?.textContent),
    ).toEqual(['Schlüsselverlust']);
    cleanup();
    renderCover({ familie: { stand: 'FAMILIE' } });
    const family = await screen.findByRole('group', { name: /Bausteine/ });
    expect(within(family).getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(within(family).getByRole('checkbox', { name: 'Deliktunfähige Kinder' }));
    expect(within(family).getByRole('checkbox', { name: 'Deliktunfähige Kinder' })).toBeChecked();
  });

  it('refuses an option chosen before it stopped being offered, with the field’s message', async () => {
    const services = renderCover({
      familie: { stand: 'SINGLE' },
      deckung: { bausteine: ['KINDER'] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    expect(within(summary).getByRole('link')).toHaveTextContent(
      'Kinder können Sie nur als Familie versichern.',
    );
    expect(services.navigate).not.toHaveBeenCalledWith('ende');
  });

  it('goes on with an offered choice', async () => {
    const services = renderCover({
      familie: { stand: 'SINGLE' },
      deckung: { bausteine: ['SCHLUESSEL'] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(services.navigate.mock.lastCall?.[0]).toBe('ende'));
  });
});
