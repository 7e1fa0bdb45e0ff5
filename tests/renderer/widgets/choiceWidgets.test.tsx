// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CheckboxesWidget,
  CheckboxWidget,
  radioLayout,
  RadioWidget,
  SelectWidget,
} from '../../../renderer/widgets/index.ts';
import { renderWidget } from './renderWidget.tsx';

afterEach(cleanup);

const enumOptions = [
  { value: 'ja', label: 'Ja' },
  { value: 'nein', label: 'Nein' },
];

describe('radio layout rule', () => {
  it('keeps options side by side when every label has at most 30 characters', () => {
    expect(radioLayout(['x'.repeat(30), 'Nein'])).toBe('inline');
  });

  it('stacks the options when a label has 31 characters', () => {
    expect(radioLayout(['x'.repeat(31), 'Nein'])).toBe('stacked');
  });

  it('keeps 4 options side by side', () => {
    expect(radioLayout(['A', 'B', 'C', 'D'])).toBe('inline');
  });

  it('stacks 5 options', () => {
    expect(radioLayout(['A', 'B', 'C', 'D', 'E'])).toBe('stacked');
  });
});

describe('radio widget', () => {
  it('renders native radios with their labels; the first carries the field id', () => {
    renderWidget(RadioWidget, { options: { enumOptions } });
    const [first, second] = screen.getAllByRole('radio');
    expect(first?.id).toBe('root_field');
    expect(second?.id).toBe('root_field-1');
    expect(screen.getByLabelText('Nein')).toBe(second);
    expect(first?.getAttribute('name')).toBe(second?.getAttribute('name'));
  });

  it('passes the chosen value and calls onBlur when focus leaves', async () => {
    const { user, lastValue, props } = renderWidget(RadioWidget, { options: { enumOptions } });
    await user.click(screen.getByLabelText('Nein'));
    expect(lastValue()).toBe('nein');
    expect((screen.getByLabelText('Nein') as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(props.onBlur).toHaveBeenCalledWith('root_field', 'nein');
  });

  it('lays short options out inline and many options stacked', () => {
    const { container } = renderWidget(RadioWidget, { options: { enumOptions } });
    expect(container.querySelector('.radio--inline')).not.toBeNull();
    cleanup();
    const many = ['a', 'b', 'c', 'd', 'e'].map((value) => ({ value, label: value }));
    const stacked = renderWidget(RadioWidget, { options: { enumOptions: many } });
    expect(stacked.container.querySelector('.radio--stacked')).not.toBeNull();
  });

  it('marks every radio invalid while there are errors', () => {
    renderWidget(RadioWidget, { options: { enumOptions }, rawErrors: ['Bitte wählen'] });
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(radio.getAttribute('aria-describedby')).toContain('root_field__error');
    }
  });

  it('takes an option text from the flow when <prefix>.<field>.options.<value> exists', () => {
    renderWidget(RadioWidget, {
      name: 'kind',
      options: { enumOptions: [{ value: 'glass', label: 'glass' }] },
    });
    expect(screen.getByLabelText('Glasbruch')).toBeDefined();
  });
});

describe('select widget', () => {
  it('starts with an empty option that asks for a choice', () => {
    renderWidget(SelectWidget, { options: { enumOptions } });
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.textContent)).toEqual(['Bitte auswählen', 'Ja', 'Nein']);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('');
  });

  it('passes the chosen enum value and undefined for the empty option', async () => {
    const { user, changes } = renderWidget(SelectWidget, { options: { enumOptions } });
    await user.selectOptions(screen.getByRole('combobox'), 'Nein');
    await user.selectOptions(screen.getByRole('combobox'), 'Bitte auswählen');
    expect(changes()).toEqual(['nein', undefined]);
  });
});

describe('checkbox widget', () => {
  it('shows its label beside the box and passes true or false', async () => {
    const { user, changes } = renderWidget(CheckboxWidget, {
      label: 'Ich stimme zu',
      schema: { type: 'boolean' },
      required: true,
    });
    await user.click(screen.getByLabelText('Ich stimme zu'));
    await user.click(screen.getByLabelText('Ich stimme zu'));
    expect(changes()).toEqual([true, false]);
    expect(screen.getByRole('checkbox').id).toBe('root_field');
  });

  it('says "(optional)" beside a box that may stay empty', () => {
    renderWidget(CheckboxWidget, { label: 'Ich möchte Angebote erhalten', required: false });
    expect(
      screen.getByRole('checkbox', { name: 'Ich möchte Angebote erhalten (optional)' }),
    ).toBeTruthy();
  });
});

describe('checkboxes widget', () => {
  it('passes the chosen values in schema order and undefined when none is left', async () => {
    const { user, changes } = renderWidget(CheckboxesWidget, {
      options: { enumOptions },
      schema: { type: 'array' },
    });
    await user.click(screen.getByLabelText('Nein'));
    await user.click(screen.getByLabelText('Ja'));
    await user.click(screen.getByLabelText('Nein'));
    await user.click(screen.getByLabelText('Ja'));
    expect(changes()).toEqual([['nein'], ['ja', 'nein'], ['ja'], undefined]);
  });

  it('gives the first box the field id so an error link can focus it', () => {
    renderWidget(CheckboxesWidget, { options: { enumOptions }, schema: { type: 'array' } });
    expect(screen.getAllByRole('checkbox')[0]?.id).toBe('root_field');
  });
});
