// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WidgetProps } from '@rjsf/utils';
import type * as TextWidgetModule from '../../renderer/widgets/TextWidget.tsx';
import { inlineDefinition, inlineServices, renderFlow, setupInlineTexts } from './inline.tsx';

/** Renders of each text input, by its id, counted inside the real TextWidget. */
const renders = new Map<string, number>();

vi.mock('../../renderer/widgets/TextWidget.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof TextWidgetModule>();
  return {
    ...original,
    TextWidget: (props: WidgetProps) => {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return original.TextWidget(props);
    },
  };
});

const typed = { var: 'data.felder.art' };
const definition = inlineDefinition({
  steps: [
    {
      id: 'felder',
      i18nPrefix: 'Felder',
      form: {
        schema: {
          type: 'object',
          properties: {
            art: { type: 'string', maxLength: 5 },
            name: { type: 'string' },
            notiz: { type: 'string' },
            grund: { type: 'string' },
          },
          required: ['name'],
        },
        uiSchema: {},
        requiredWhen: { notiz: { '==': [typed, 'pflicht'] } },
        irrelevantWhen: { grund: { '==': [typed, 'weg'] } },
      },
      onLeave: { endpoint: 'apply', onSuccess: { go: 'stay' }, onFailure: { go: 'stay' } },
    },
  ],
});

beforeAll(async () => {
  await setupInlineTexts({
    Felder: {
      title: 'Viele Felder',
      art: { label: 'Art' },
      name: { label: 'Name' },
      notiz: { label: 'Notiz' },
      grund: { label: 'Grund' },
    },
  });
});
beforeEach(() => renders.clear());
afterEach(cleanup);

const count = (label: string): number => {
  const input = screen.queryByLabelText(label, { exact: false });
  return input ? (renders.get(input.id) ?? 0) : 0;
};

function counts(): Record<string, number> {
  return Object.fromEntries(['Art', 'Name', 'Notiz', 'Grund'].map((l) => [l, count(l)]));
}

describe('a keystroke re-renders the typed field and what depends on it, nothing else', () => {
  it('re-renders only the typed field while no rule of another field changes', async () => {
    renderFlow({ definition, services: inlineServices().services, segment: 'felder' });
    const art = await screen.findByLabelText('Art', { exact: false });
    // Leave the field once (its errors show from then on) and come back, as the user would.
    await userEvent.click(art);
    await userEvent.tab();
    await userEvent.click(art);
    const before = counts();
    await userEvent.type(art, 'abcdefg');
    const after = counts();
    expect(art).toHaveValue('abcdefg');
    expect(after['Art']).toBeGreaterThanOrEqual((before['Art'] ?? 0) + 7);
    expect(after['Name']).toBe(before['Name']);
    expect(after['Notiz']).toBe(before['Notiz']);
    expect(after['Grund']).toBe(before['Grund']);
    // The typed field's own rule still follows every key: too long after five characters.
    expect(await screen.findByText(/zu lang/)).toBeInTheDocument();
  });

  it('re-renders a field whose rule reads the typed answer when its outcome changes', async () => {
    renderFlow({ definition, services: inlineServices().services, segment: 'felder' });
    const art = await screen.findByLabelText('Art', { exact: false });
    expect(screen.getByText('Notiz', { exact: false }).textContent).toMatch(/optional/);
    const name = count('Name');
    await userEvent.type(art, 'pflicht');
    expect(screen.getByText('Notiz', { exact: false }).textContent).not.toMatch(/optional/);
    expect(count('Name')).toBe(name);
    await userEvent.clear(art);
    await userEvent.type(art, 'weg');
    expect(screen.queryByLabelText('Grund', { exact: false })).toBeNull();
    expect(count('Name')).toBe(name);
  });
});
