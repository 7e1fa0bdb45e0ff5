// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BicWidget,
  EmailWidget,
  HiddenWidget,
  PhoneWidget,
  TextareaWidget,
  TextWidget,
} from '../../../renderer/widgets/index.ts';
import { renderWidget } from './renderWidget.tsx';
import type { WidgetProps } from '@rjsf/utils';
import { readFileSync } from 'node:fs';

afterEach(cleanup);

/** The shared address fragment's fields, as every flow's address steps use them. */
const address = (
  JSON.parse(readFileSync('definitions/schema/fragments/address.schema.json', 'utf8')) as {
    properties: Record<string, WidgetProps['schema']>;
  }
).properties;

describe('the width of a text field', () => {
  it('follows the answer its schema allows: postcode short, house number medium, street and town long', () => {
    const widths = Object.fromEntries(
      ['plz', 'hausnummer', 'strasse', 'ort'].map((name) => {
        renderWidget(TextWidget, { schema: address[name] ?? {} });
        const input = screen.getByRole('textbox');
        cleanup();
        return [name, [...input.classList].find((c) => /^input--(short|medium|long)$/.test(c))];
      }),
    );
    expect(widths).toEqual({
      plz: 'input--short',
      hausnummer: 'input--medium',
      strasse: 'input--long',
      ort: 'input--long',
    });
  });
});

describe('text-like widgets', () => {
  it('carries the field id as id and name and points aria-describedby at the error only, without hint or help', () => {
    renderWidget(TextWidget);
    const input = screen.getByRole('textbox');
    expect(input.id).toBe('root_field');
    expect(input.getAttribute('name')).toBe('root_field');
    expect(input.getAttribute('aria-describedby')).toBe('root_field__error');
  });

  it('points aria-describedby at the hint and the help text when the field has them', () => {
    renderWidget(TextWidget, {
      options: { hintText: 'Wie auf der Rechnung' },
      uiSchema: { 'ui:help': true } as unknown as WidgetProps['uiSchema'],
    });
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe(
      'root_field__error root_field__description root_field__help',
    );
  });

  it('marks the control invalid only while rjsf reports errors', () => {
    renderWidget(TextWidget, { rawErrors: ['Bitte füllen Sie dieses Feld aus.'] });
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    cleanup();
    renderWidget(TextWidget);
    expect(screen.getByRole('textbox').hasAttribute('aria-invalid')).toBe(false);
  });

  it('states required on the control', () => {
    renderWidget(TextWidget, { required: true });
    expect((screen.getByRole('textbox') as HTMLInputElement).required).toBe(true);
  });

  it('passes typed text to onChange and empty text as undefined', async () => {
    const { user, changes } = renderWidget(TextWidget);
    await user.type(screen.getByRole('textbox'), 'ab');
    await user.clear(screen.getByRole('textbox'));
    expect(changes()).toEqual(['a', 'ab', undefined]);
  });

  it('calls onFocus and onBlur with the field id and value', async () => {
    const { user, props } = renderWidget(TextWidget, { value: 'Muster' });
    await user.click(screen.getByRole('textbox'));
    await user.tab();
    expect(props.onFocus).toHaveBeenCalledWith('root_field', 'Muster');
    expect(props.onBlur).toHaveBeenCalledWith('root_field', 'Muster');
  });

  it('passes the autocomplete token of ui:autocomplete through', () => {
    renderWidget(TextWidget, { options: { autocomplete: 'family-name' } });
    expect(screen.getByRole('textbox').getAttribute('autocomplete')).toBe('family-name');
  });

  it('renders a textarea with the rows of its options', () => {
    renderWidget(TextareaWidget, { options: { rows: 8 } });
    expect(screen.getByRole('textbox').getAttribute('rows')).toBe('8');
  });

  it('renders an e-mail input with the email autocomplete token', () => {
    renderWidget(EmailWidget);
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
  });

  it('keeps a hidden value without anything a user could focus', () => {
    const { container } = renderWidget(HiddenWidget, { value: 'BHV' });
    const input = container.querySelector('input');
    expect(input?.type).toBe('hidden');
    expect(input?.value).toBe('BHV');
  });
});

describe('BIC widget', () => {
  it('upper-cases and removes spaces when the field is left', async () => {
    const { user, lastValue, props } = renderWidget(BicWidget);
    await user.type(screen.getByRole('textbox'), 'deut de ff');
    expect(lastValue()).toBe('deut de ff');
    await user.tab();
    expect(lastValue()).toBe('DEUTDEFF');
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('DEUTDEFF');
    expect(props.onBlur).toHaveBeenCalledWith('root_field', 'DEUTDEFF');
  });
});

describe('phone widget', () => {
  it('is a tel input with the tel autocomplete token', () => {
    renderWidget(PhoneWidget);
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('type')).toBe('tel');
    expect(input.getAttribute('autocomplete')).toBe('tel');
  });

  it('passes the raw text while typing and the E.164 form when the field is left', async () => {
    const { user, lastValue, props } = renderWidget(PhoneWidget);
    await user.type(screen.getByRole('textbox'), '0151 23456789');
    expect(lastValue()).toBe('0151 23456789');
    await user.tab();
    expect(lastValue()).toBe('+4915123456789');
    expect(props.onBlur).toHaveBeenCalledWith('root_field', '+4915123456789');
  });

  it('leaves a number that is not valid as typed so validation can reject it', async () => {
    const { user, lastValue } = renderWidget(PhoneWidget);
    await user.type(screen.getByRole('textbox'), '12 ');
    await user.tab();
    expect(lastValue()).toBe('12');
  });
});
