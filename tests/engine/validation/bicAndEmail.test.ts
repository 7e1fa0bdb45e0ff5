import { describe, expect, it } from 'vitest';
import { normalizeBic } from '../../../engine/validation/index.ts';
import { passes } from './validate.ts';

const bicSchema = { type: 'string', format: 'bic' };
const emailSchema = { type: 'string', format: 'email' };

describe('the bic format', () => {
  it.each([
    ['an 8-character BIC', 'DEUTDEFF'],
    ['an 11-character BIC', 'DEUTDEFF500'],
    ['a BIC with spaces', 'COBA DE FF XXX'],
    ['a lower-case BIC', 'genodef1s04'],
  ])('accepts %s', (_label, bic) => {
    expect(passes(bicSchema, bic)).toBe(true);
  });

  it.each([
    ['the empty string', ''],
    ['7 characters', 'DEUTDEF'],
    ['9 characters', 'DEUTDEFF5'],
    ['10 characters', 'DEUTDEFF50'],
    ['12 characters', 'DEUTDEFF5000'],
    ['a punctuation mark', 'DEUT-DEFF'],
  ])('rejects %s', (_label, bic) => {
    expect(passes(bicSchema, bic)).toBe(false);
  });

  it('is normalised by removing spaces and upper-casing', () => {
    expect(normalizeBic(' coba de ff xxx ')).toBe('COBADEFFXXX');
  });
});

describe('the email format', () => {
  it.each([
    'max.mustermann@example.de',
    'erika+versicherung@mail.example.com',
    'a_b-c@sub-domain.example.org',
  ])('accepts %s', (email) => {
    expect(passes(emailSchema, email)).toBe(true);
  });

  it.each([
    '',
    'max.mustermann',
    'max@',
    '@example.de',
    'max@example',
    'max mustermann@example.de',
    'max@@example.de',
    '.max@example.de',
    'max..m@example.de',
    'max@example.d',
  ])('rejects "%s"', (email) => {
    expect(passes(emailSchema, email)).toBe(false);
  });
});
