import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FORMAT_NAMES,
  KEYWORD_NAMES,
  VALIDATION_MESSAGE_NAMES,
  messageKeyCandidates,
} from '../../../engine/validation/index.ts';
import { errorsOf } from './validate.ts';

const schema = {
  type: 'object',
  properties: {
    contractId: { type: 'string', trimmedRequired: true },
    iban: { type: 'string', format: 'iban' },
    address: { type: 'object', properties: { phone: { type: 'string', format: 'phone-mobile' } } },
    files: { type: 'array', fileUpload: { maxSizeBytes: 10, maxCount: 1 } },
  },
  required: ['customerLastname'],
};

function keysFor(value: object): string[][] {
  return errorsOf(schema, value).map((error) =>
    messageKeyCandidates(error, 'ContractAndContactData'),
  );
}

describe('messageKeyCandidates', () => {
  it('gives the step key of a missing field first, then the shared key', () => {
    expect(keysFor({})).toEqual([
      ['ContractAndContactData.customerLastname.required', 'common:validation.required'],
    ]);
  });

  it('names format errors by their format, falls back to the format key and uses dotted paths', () => {
    expect(
      keysFor({ customerLastname: 'M', iban: 'DE00', address: { phone: '030 123456' } }),
    ).toEqual([
      ['ContractAndContactData.iban.iban', 'common:validation.iban', 'common:validation.format'],
      [
        'ContractAndContactData.address.phone.phone-mobile',
        'common:validation.phone-mobile',
        'common:validation.format',
      ],
    ]);
  });

  it('says that a test IBAN is one, with or without spaces, and only for a test IBAN', () => {
    const error = errorsOf(schema, { customerLastname: 'M', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(error).toHaveLength(1);
    const [first] = error;
    if (!first) throw new Error('an error expected');
    expect(messageKeyCandidates(first, 'BankDetails', 'de89 3704 0044 0532 0130 00')).toEqual([
      'BankDetails.iban.iban-test',
      'common:validation.iban-test',
      'common:validation.format',
    ]);
    // A wrong checksum is no test IBAN: the IBAN message.
    expect(messageKeyCandidates(first, 'BankDetails', 'DE89370400440532013001')[0]).toBe(
      'BankDetails.iban.iban',
    );
  });

  it('names keyword errors by their keyword, and upload errors by their reason', () => {
    const files = [{ name: 'a.gif', type: 'image/gif', size: 1 }];
    expect(keysFor({ customerLastname: 'M', contractId: '  ', files })).toEqual([
      ['ContractAndContactData.contractId.trimmedRequired', 'common:validation.trimmedRequired'],
      ['ContractAndContactData.files.fileUpload.type', 'common:validation.fileUpload.type'],
    ]);
  });
});

describe('shared validation messages', () => {
  const common = JSON.parse(readFileSync('definitions/locales/de/common.json', 'utf8')) as {
    validation: Record<string, unknown>;
  };
  const text = (name: string): unknown =>
    name
      .split('.')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        common.validation,
      );

  it('has a German text in the common bundle for every format and keyword', () => {
    const names = [
      ...FORMAT_NAMES,
      ...KEYWORD_NAMES.filter((name) => name !== 'fileUpload'),
      'required',
    ];
    const uploadNames = ['invalid', 'count', 'type', 'size'].map(
      (reason) => `fileUpload.${reason}`,
    );
    for (const name of [...names, ...uploadNames]) {
      expect(VALIDATION_MESSAGE_NAMES, name).toContain(name);
      expect(typeof text(name), name).toBe('string');
    }
  });
});
