import { describe, expect, it } from 'vitest';
import {
  lowercaseUsername,
  normalizeByFormat,
  normalizeText,
} from '../../../engine/validation/index.ts';

describe('normalizeByFormat', () => {
  it.each([
    ['iban', ' de75 5121 0800 1245 1261 99 ', 'DE75512108001245126199'],
    ['iban-de', 'de75 5121 0800 1245 1261 99', 'DE75512108001245126199'],
    ['bic', 'coba de ff xxx', 'COBADEFFXXX'],
    ['phone', '030 123456', '+4930123456'],
    ['phone-mobile', '0151 23456789', '+4915123456789'],
    ['email', '  Max.Mustermann@Example.de ', 'Max.Mustermann@Example.de'],
    ['date', ' 2025-06-15 ', '2025-06-15'],
    [undefined, '  Mustermann  ', 'Mustermann'],
  ])('turns a %s value into its stored form', (format, written, stored) => {
    expect(normalizeByFormat(format, written)).toBe(stored);
  });

  it('returns values that are not strings unchanged', () => {
    const files = [{ name: 'a.pdf', type: 'application/pdf', size: 1 }];
    expect(normalizeByFormat('iban', 42)).toBe(42);
    expect(normalizeByFormat(undefined, files)).toBe(files);
  });
});

describe('the text normalisers', () => {
  it('trims free text', () => {
    expect(normalizeText('\t Mustermann \n')).toBe('Mustermann');
  });

  it('lower-cases and trims a username before sign-in', () => {
    expect(lowercaseUsername(' Max.Mustermann@Example.DE ')).toBe('max.mustermann@example.de');
  });
});
