import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validatorLoaders } from '../../generated/validators/index.ts';

const dir = 'generated/validators';
const read = (name: string): string => readFileSync(`${dir}/${name}`, 'utf8');
const PHONE_FORMAT = /__formats(\.phone\b|\["phone-mobile"\])/;

describe('precompiled validators, split by telephone fields', () => {
  it('keeps libphonenumber-js out of every module a flow loads at its start', () => {
    for (const name of readdirSync(dir).filter((n) => /^[a-z-]+\.js$/.test(n))) {
      const source = read(name);
      expect(source, name).not.toMatch(PHONE_FORMAT);
      expect(source, name).not.toContain("'../../engine/validation/formats.ts'");
      expect(source, name).toContain("'../../engine/validation/baseFormats.ts'");
    }
  });

  it('puts the steps with telephone fields into the flow’s phone module, with every format', () => {
    expect(validatorLoaders['fahrrad']?.phone?.steps).toEqual(['person']);
    expect(validatorLoaders['claim-entry']?.phone).toBeUndefined();
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.phone.js')))
      expect(read(name), name).toContain("'../../engine/validation/formats.ts'");
  });

  it('validates the bike flow’s telephone number as before, once its module is loaded', async () => {
    const loaders = validatorLoaders['fahrrad'];
    if (!loaders?.phone) throw new Error('the bike flow has no phone module');
    const [base, phone] = await Promise.all([loaders.load(), loaders.phone.load()]);
    expect(Object.keys(base)).not.toContain('person');
    const person = phone['person'];
    if (!person) throw new Error('no validator for person');
    const answers = {
      anrede: 'FRAU',
      vorname: 'Erika',
      nachname: 'Mustermann',
      geburtsdatum: '1980-05-12',
      email: 'erika.mustermann@beispiel.example',
    };
    expect(person({ ...answers, telefon: '+4915112345678' })).toBe(true);
    expect(person({ ...answers, telefon: '030 123456' })).toBe(true);
    expect(person({ ...answers, telefon: '123' })).toBe(false);
    expect(person.errors?.[0]).toMatchObject({ keyword: 'format', params: { format: 'phone' } });
  });
});
