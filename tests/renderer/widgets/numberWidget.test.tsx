// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber, NumberWidget, parseNumber } from '../../../renderer/widgets/index.ts';
import { formContext, registry } from './props.ts';
import { renderWidget } from './renderWidget.tsx';

const formatGermanNumber = (value: number) => formatNumber(value, 'de');
const parseGermanNumber = (text: string) => parseNumber(text, 'de');

afterEach(cleanup);

describe('German number mask', () => {
  it('formats with two decimals and a dot as thousands separator', () => {
    expect(formatGermanNumber(1234.5)).toBe('1.234,50');
    expect(formatGermanNumber(1234567)).toBe('1.234.567,00');
    expect(formatGermanNumber(0)).toBe('0,00');
    expect(formatGermanNumber(-1234.5)).toBe('-1.234,50');
  });

  it('reads German text with or without grouping', () => {
    expect(parseGermanNumber('1234,5')).toBe(1234.5);
    expect(parseGermanNumber('1.234,50')).toBe(1234.5);
    expect(parseGermanNumber('1.234')).toBe(1234);
    expect(parseGermanNumber(' 12 ')).toBe(12);
    expect(parseGermanNumber('12,')).toBe(12);
  });

  it('reads nothing from empty or unreadable text', () => {
    expect(parseGermanNumber('')).toBeUndefined();
    expect(parseGermanNumber('12a')).toBeUndefined();
    expect(parseGermanNumber('1,2,3')).toBeUndefined();
  });
});

describe('Swiss number mask (de-CH)', () => {
  it('formats with two decimals, an apostrophe between thousands and a decimal point', () => {
    expect(formatNumber(1234.5, 'de-CH')).toBe("1'234.50");
    expect(formatNumber(1234567, 'de-CH', 0)).toBe("1'234'567");
  });

  it('reads Swiss text with either apostrophe, a decimal point or a typed decimal comma', () => {
    expect(parseNumber("1'234.50", 'de-CH')).toBe(1234.5);
    expect(parseNumber('1’234.5', 'de-CH')).toBe(1234.5);
    expect(parseNumber('2499', 'de-CH')).toBe(2499);
    expect(parseNumber('1234,5', 'de-CH')).toBe(1234.5);
    expect(parseNumber('1.234', 'de-CH')).toBe(1.234);
    expect(parseNumber('12a', 'de-CH')).toBeUndefined();
    expect(parseNumber("'", 'de-CH')).toBeUndefined();
  });

  it('shows a typed price in the Swiss mask once the field is left', async () => {
    const { user, lastValue } = renderWidget(NumberWidget, {
      registry: registry(formContext({ locale: 'de-CH' })),
    });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '2499.5');
    expect(lastValue()).toBe(2499.5);
    await user.tab();
    expect(input.value).toBe("2'499.50");
  });
});

describe('number widget', () => {
  it('shows a stored number in the German mask', () => {
    renderWidget(NumberWidget, { value: 1234.5 });
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1.234,50');
  });

  it('shows a whole number (schema type integer) without decimals and asks for the digit keyboard', async () => {
    const { user } = renderWidget(NumberWidget, { value: 6, schema: { type: 'integer' } });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('6');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await user.clear(input);
    await user.type(input, '1200');
    await user.tab();
    expect(input.value).toBe('1.200');
  });

  it('asks for the decimal keyboard', () => {
    renderWidget(NumberWidget);
    expect(screen.getByRole('textbox').getAttribute('inputmode')).toBe('decimal');
  });

  it('passes a JS number while typing and keeps the typed text until the field is left', async () => {
    const { user, lastValue, props } = renderWidget(NumberWidget);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '1234,5');
    expect(lastValue()).toBe(1234.5);
    expect(input.value).toBe('1234,5');
    await user.tab();
    expect(input.value).toBe('1.234,50');
    expect(props.onBlur).toHaveBeenCalledWith('root_field', 1234.5);
  });

  it('accepts a grouped number as typed', async () => {
    const { user, lastValue } = renderWidget(NumberWidget);
    await user.type(screen.getByRole('textbox'), '1.234,50');
    expect(lastValue()).toBe(1234.5);
  });

  it('passes undefined for unreadable text and keeps that text visible', async () => {
    const { user, lastValue } = renderWidget(NumberWidget);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '12x');
    await user.tab();
    expect(lastValue()).toBeUndefined();
    expect(input.value).toBe('12x');
  });

  it('passes undefined when the field is emptied', async () => {
    const { user, lastValue } = renderWidget(NumberWidget, { value: 5 });
    await user.clear(screen.getByRole('textbox'));
    expect(lastValue()).toBeUndefined();
  });
});
