import { describe, expect, it } from 'vitest';
import {
  currencyName,
  formatAmount,
  formatDate,
  formatDateTime,
  formatGermanDate,
  formatMoney,
  formatNumber,
  formatPhone,
  groupIban,
} from '../../../engine/index.ts';
import { brandMarket } from '../../support/definitions.ts';
// The telephone formatter arrives with libphonenumber-js, as in the portal pages that show numbers.
import '../../../engine/validation/phone.ts';

describe('one way to write dates, amounts, IBANs and telephone numbers', () => {
  it('writes every date as TT.MM.JJJJ, also of a date-time and a single-digit day', () => {
    expect(formatGermanDate('2025-05-20')).toBe('20.05.2025');
    expect(formatDate('2025-05-20')).toBe('20.05.2025');
    expect(formatDate('2023-04-01T10:15:00')).toBe('01.04.2023');
    expect(formatDateTime('2023-04-01T09:05:00')).toBe('01.04.2023, 09:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('unbekannt')).toBe('unbekannt');
    expect(formatGermanDate('0050-01-02')).toBe('02.01.0050');
    expect(formatGermanDate('2025-02-30')).toBe('2025-02-30');
    expect(formatDateTime('2023-12-31T23:59:59')).toBe('31.12.2023, 23:59');
    expect(formatDateTime('kein Datum')).toBe('kein Datum');
  });

  it("writes a German brand's amounts in euros with a decimal comma and dot grouping", () => {
    const andsafe = brandMarket('andsafe');
    expect(formatMoney(1234.5, andsafe)).toBe('1.234,50\u00a0€');
    expect(formatMoney('1234.5', andsafe)).toBe('1.234,50\u00a0€');
    expect(formatMoney('89,9', andsafe)).toBe('89,90\u00a0€');
    expect(formatMoney(-3.5, andsafe)).toBe('-3,50\u00a0€');
    expect(formatMoney(undefined, andsafe)).toBe('');
    expect(formatAmount(10000, andsafe)).toBe('10.000\u00a0€');
    expect(formatAmount(9.9, andsafe)).toBe('9,90\u00a0€');
    expect(formatAmount(5_000_000, andsafe, 'compact')).toBe('5\u00a0Mio.\u00a0€');
    expect(formatNumber(1234.5, andsafe.locale)).toBe('1.234,50');
    expect(currencyName(andsafe)).toBe('Euro');
  });

  it("writes the Swiss brand's amounts in francs as Intl writes Swiss German: CHF first, apostrophe grouping, decimal point", () => {
    const protectCh = brandMarket('protect-ch');
    expect(formatMoney(1234.5, protectCh)).toBe("CHF\u00a01'234.50");
    expect(formatMoney('89,9', protectCh)).toBe('CHF\u00a089.90');
    expect(formatAmount(10000, protectCh)).toBe("CHF\u00a010'000");
    expect(formatAmount(5_000_000, protectCh, 'compact')).toBe('CHF\u00a05\u00a0Mio.');
    expect(formatNumber(2499, protectCh.locale)).toBe("2'499.00");
    expect(formatNumber(2499, protectCh.locale, 0)).toBe("2'499");
    expect(currencyName(protectCh)).toBe('Schweizer Franken');
  });

  it('writes an IBAN in blocks of four', () => {
    expect(groupIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('writes a German telephone number in national notation and a foreign one internationally', () => {
    expect(formatPhone('+4916012345604')).toBe('0160 12345604');
    expect(formatPhone('+494055551000')).toBe('040 55551000');
    expect(formatPhone('+41446681800')).toBe('+41 44 668 18 00');
    expect(formatPhone('keine Nummer')).toBe('keine Nummer');
    expect(formatPhone(undefined)).toBe('');
  });
});
