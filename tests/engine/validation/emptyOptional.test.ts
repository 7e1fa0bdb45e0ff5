import { describe, expect, it } from 'vitest';
import { omitEmptyStrings } from '../../../engine/validation/index.ts';
import { errorsOf } from './validate.ts';

const bankDetails = (required: string[]): object => ({
  type: 'object',
  properties: {
    iban: { type: 'string', format: 'iban' },
    phone: { type: 'string', format: 'phone-mobile' },
    email: { type: 'string', format: 'email' },
  },
  required,
});

const emptyForm = { iban: '', phone: '', email: '' };

describe('an empty value', () => {
  it('fails every format, so a required field never passes empty', () => {
    const keywords = errorsOf(bankDetails(['iban', 'phone', 'email']), emptyForm).map(
      (e) => e.keyword,
    );
    expect(keywords).toEqual(['format', 'format', 'format']);
  });

  it('fails a required field with "required" once empty strings are dropped', () => {
    const errors = errorsOf(bankDetails(['iban', 'phone', 'email']), omitEmptyStrings(emptyForm));
    expect(errors.map((e) => [e.keyword, e.params['missingProperty']])).toEqual([
      ['required', 'iban'],
      ['required', 'phone'],
      ['required', 'email'],
    ]);
  });

  it('passes an optional field once empty strings are dropped', () => {
    expect(errorsOf(bankDetails([]), omitEmptyStrings(emptyForm))).toEqual([]);
  });

  it('passes an optional field that is absent', () => {
    expect(errorsOf(bankDetails([]), {})).toEqual([]);
  });

  it('is still checked when an optional field holds a wrong value', () => {
    const errors = errorsOf(
      bankDetails([]),
      omitEmptyStrings({ iban: 'DE00', phone: '', email: '' }),
    );
    expect(errors.map((e) => e.params['format'])).toEqual(['iban']);
  });
});

describe('omitEmptyStrings', () => {
  it('drops empty strings at every depth but keeps array items, blanks and other values', () => {
    const data = {
      a: '',
      b: ' ',
      c: 0,
      d: false,
      e: null,
      nested: { x: '', y: 'y' },
      list: ['', { z: '' }],
    };
    expect(omitEmptyStrings(data)).toEqual({
      b: ' ',
      c: 0,
      d: false,
      e: null,
      nested: { y: 'y' },
      list: ['', {}],
    });
  });

  it('does not change its argument', () => {
    const data = { a: '', nested: { x: '' } };
    omitEmptyStrings(data);
    expect(data).toEqual({ a: '', nested: { x: '' } });
  });
});
