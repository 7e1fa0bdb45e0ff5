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

// A field of list items that counts only for some items (irrelevantWhen "hunde.mischlingsRasse",
// reading the item): each item shows it by its own answers, and it is summarised only where shown.
const flow = inlineDefinition({
  steps: [
    {
      id: 'hunde',
      i18nPrefix: 'Dogs',
      form: {
        schema: {
          type: 'object',
          properties: {
            hunde: {
              type: 'array',
              minItems: 2,
              maxItems: 2,
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  mischling: { type: 'boolean' },
                  mischlingsRasse: { type: 'string' },
                },
                required: ['name', 'mischling'],
              },
            },
          },
          required: ['hunde'],
        },
        uiSchema: { hunde: { items: { mischling: { 'ui:widget': 'radio' } } } },
        irrelevantWhen: { 'hunde.mischlingsRasse': { '!': { var: 'item.mischling' } } },
      },
    },
    { id: 'pruefen', i18nPrefix: 'Check', content: [{ type: 'summary' }] },
  ],
});

const texts = {
  Dogs: {
    title: 'Ihre Hunde',
    hunde: {
      label: 'Hunde',
      item: 'Hund {{nummer}}',
      name: { label: 'Name' },
      mischling: { label: 'Mischling?', options: { true: 'Ja', false: 'Nein' } },
      mischlingsRasse: { label: 'Zweite Rasse' },
    },
  },
  Check: { title: 'Angaben prüfen' },
};

beforeAll(async () => {
  await setupInlineTexts(texts);
});
afterEach(cleanup);

function renderAt(segment: string, formData: Record<string, Record<string, unknown>> = {}) {
  const { services, storage } = inlineServices();
  storage.set('wizard:inline-test:v3', savedState(flow, formData, segment));
  return { ...renderFlow({ definition: flow, services, segment }), storage };
}

const dog = (name: string) => screen.getByRole('group', { name });

describe('a field of list items shown by each item’s own answers', () => {
  it('shows the second breed only in the item of a mixed breed, and follows a new answer', async () => {
    const { storage } = renderAt('hunde', {
      hunde: { hunde: [{ name: 'Luna', mischling: true, mischlingsRasse: 'Pudel' }] },
    });
    await screen.findByRole('group', { name: 'Hund 2' });
    expect(within(dog('Hund 1')).getByLabelText(/^Zweite Rasse/)).toHaveValue('Pudel');
    // The second item is empty (shown for the list's minimum): its rule hides the field too.
    expect(within(dog('Hund 2')).queryByLabelText(/^Zweite Rasse/)).toBeNull();
    await userEvent.click(within(dog('Hund 1')).getByRole('radio', { name: 'Nein' }));
    await waitFor(() => expect(within(dog('Hund 1')).queryByLabelText(/^Zweite Rasse/)).toBeNull());
    await userEvent.click(within(dog('Hund 2')).getByRole('radio', { name: 'Ja' }));
    expect(await within(dog('Hund 2')).findByLabelText(/^Zweite Rasse/)).toBeVisible();
    // The hidden answer is kept, not sent.
    expect(storage.get('wizard:inline-test:v3')).toContain('"mischlingsRasse":"Pudel"');
  });

  it('summarises the field only for the items that show it', async () => {
    renderAt('pruefen', {
      hunde: {
        hunde: [
          { name: 'Bello', mischling: false, mischlingsRasse: 'Pudel' },
          { name: 'Luna', mischling: true, mischlingsRasse: 'Beagle' },
        ],
      },
    });
    const list = (await screen.findByText('Hunde')).closest('div') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Hunde', 'Name', 'Mischling?', 'Name', 'Mischling?', 'Zweite Rasse']);
    expect(within(list).queryByText('Pudel')).toBeNull();
    expect(within(list).getByText('Beagle')).toBeVisible();
  });
});
