import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../../engine/validation/index.ts';
import { passes } from './validate.ts';

const phoneSchema = { type: 'string', format: 'phone' };
const mobileSchema = { type: 'string', format: 'phone-mobile' };

describe('the phone formats', () => {
  it.each([
    ['a German mobile number in national notation', '0151 23456789', '+4915123456789'],
    ['a German mobile number in international notation', '+49 151 23456789', '+4915123456789'],
    ['a German mobile number with 0049', '0049 176 12345678', '+4917612345678'],
    ['an Austrian mobile number', '+43 664 1234567', '+436641234567'],
  ])('accept %s as phone and phone-mobile and normalise it to E.164', (_label, written, e164) => {
    expect(passes(phoneSchema, written)).toBe(true);
    expect(passes(mobileSchema, written)).toBe(true);
    expect(normalizePhone(written)).toBe(e164);
  });

  it.each([
    ['a Berlin landline number in national notation', '030 123456', '+4930123456'],
    ['a Berlin landline number in international notation', '+49 30 12345678', '+493012345678'],
    ['a Munich landline number', '089 1234567', '+49891234567'],
    ['a German toll-free number', '0800 1234567', '+498001234567'],
  ])('accept %s as phone but not as phone-mobile', (_label, written, e164) => {
    expect(passes(phoneSchema, written)).toBe(true);
    expect(passes(mobileSchema, written)).toBe(false);
    expect(normalizePhone(written)).toBe(e164);
  });

  it('do not accept a US number, which libphonenumber types FIXED_LINE_OR_MOBILE, as phone-mobile', () => {
    expect(passes(phoneSchema, '+1 202 555 0123')).toBe(true);
    expect(passes(mobileSchema, '+1 202 555 0123')).toBe(false);
  });

  it.each(['', '   ', '123', '01512345678', 'abc', '+49 151'])('reject "%s"', (value) => {
    expect(passes(phoneSchema, value)).toBe(false);
    expect(passes(mobileSchema, value)).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('leaves an invalid number trimmed but otherwise as written', () => {
    expect(normalizePhone(' 123 ')).toBe('123');
  });
});
