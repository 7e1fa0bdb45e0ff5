// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateWidget, parseGermanDate } from '../../../renderer/widgets/index.ts';
import { renderWidget } from './renderWidget.tsx';

afterEach(cleanup);

function dateInput(): HTMLInputElement {
  return screen.getByRole('textbox') as HTMLInputElement;
}

describe('date text', () => {
  it('turns German and ISO text into an ISO date', () => {
    expect(parseGermanDate('01.02.2024')).toBe('2024-02-01');
    expect(parseGermanDate('1.2.2024')).toBe('2024-02-01');
    expect(parseGermanDate('2024-02-01')).toBe('2024-02-01');
  });

  it('turns incomplete or impossible dates into no value', () => {
    expect(parseGermanDate('01.02.')).toBeUndefined();
    expect(parseGermanDate('31.02.2024')).toBeUndefined();
    expect(parseGermanDate('01.02.24')).toBeUndefined();
    expect(parseGermanDate('2024-02-30')).toBeUndefined();
  });

  it('knows which days exist: leap years, month lengths, day and month 0, year 0', () => {
    expect(parseGermanDate('29.02.2024')).toBe('2024-02-29');
    expect(parseGermanDate('29.02.2000')).toBe('2000-02-29');
    expect(parseGermanDate('29.02.2025')).toBeUndefined();
    expect(parseGermanDate('29.02.1900')).toBeUndefined();
    expect(parseGermanDate('31.02.2025')).toBeUndefined();
    expect(parseGermanDate('31.04.2025')).toBeUndefined();
    expect(parseGermanDate('31.12.2025')).toBe('2025-12-31');
    expect(parseGermanDate('00.01.2025')).toBeUndefined();
    expect(parseGermanDate('01.00.2025')).toBeUndefined();
    expect(parseGermanDate('01.13.2025')).toBeUndefined();
    expect(parseGermanDate('32.01.2025')).toBeUndefined();
    expect(parseGermanDate('01.01.0000')).toBeUndefined();
  });

  it('reads a four-digit year below 100 as that year, not as 19xx', () => {
    expect(parseGermanDate('01.01.0050')).toBe('0050-01-01');
    expect(parseGermanDate('29.02.0004')).toBe('0004-02-29');
  });

  it('trims the text but refuses other separators, three-digit days and extra characters', () => {
    expect(parseGermanDate('  1.2.2024  ')).toBe('2024-02-01');
    expect(parseGermanDate('01/02/2024')).toBeUndefined();
    expect(parseGermanDate('001.02.2024')).toBeUndefined();
    expect(parseGermanDate('01.02.2024.')).toBeUndefined();
    expect(parseGermanDate('01. 02. 2024')).toBeUndefined();
    expect(parseGermanDate('01.02.20245')).toBeUndefined();
    expect(parseGermanDate('2024-2-1')).toBeUndefined();
  });
});

describe('date widget', () => {
  it('shows a stored ISO date as TT.MM.JJJJ with the German placeholder', () => {
    renderWidget(DateWidget, { value: '1980-07-04' });
    expect(dateInput().value).toBe('04.07.1980');
    expect(dateInput().placeholder).toBe('TT.MM.JJJJ');
  });

  it('passes undefined while the date is incomplete without touching the typed text', async () => {
    const { user, changes } = renderWidget(DateWidget);
    await user.type(dateInput(), '04.07.');
    expect(changes().every((value) => value === undefined)).toBe(true);
    expect(dateInput().value).toBe('04.07.');
  });

  it('passes the ISO date once the text is a complete valid date', async () => {
    const { user, lastValue } = renderWidget(DateWidget);
    await user.type(dateInput(), '04.07.1980');
    expect(lastValue()).toBe('1980-07-04');
  });

  it('accepts ISO input and shows it in German once the field is left', async () => {
    const { user, lastValue, props } = renderWidget(DateWidget);
    await user.type(dateInput(), '1980-07-04');
    await user.tab();
    expect(lastValue()).toBe('1980-07-04');
    expect(dateInput().value).toBe('04.07.1980');
    expect(props.onBlur).toHaveBeenCalledWith('root_field', '1980-07-04');
  });

  it('keeps an impossible date visible but stores no value', async () => {
    const { user, lastValue } = renderWidget(DateWidget, { value: '1980-07-04' });
    await user.clear(dateInput());
    await user.type(dateInput(), '31.02.2024');
    await user.tab();
    expect(lastValue()).toBeUndefined();
    expect(dateInput().value).toBe('31.02.2024');
  });

  it('passes the bday autocomplete token through', () => {
    // TypeScript's DOM lib lists "bday-day" and friends but not the valid token "bday".
    renderWidget(DateWidget, { uiSchema: { 'ui:autocomplete': 'bday' as AutoFill } });
    expect(dateInput().getAttribute('autocomplete')).toBe('bday');
  });
});
