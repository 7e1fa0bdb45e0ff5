import { describe, expect, it } from 'vitest';
import { isValidIBAN } from 'ibantools';
import { IBAN_COUNTRIES, formats, normalizeIban } from '../../../engine/validation/index.ts';
import { passes } from './validate.ts';

// The SWIFT IBAN registry's example IBAN of each accepted country (for DE, whose registry example
// is a test IBAN, a real-checksum one), each with a copy whose check digits are off by one.
const examples: [country: string, valid: string, brokenChecksum: string][] = [
  ['AD', 'AD1200012030200359100100', 'AD1300012030200359100100'],
  ['AT', 'AT611904300234573201', 'AT621904300234573201'],
  ['BE', 'BE68539007547034', 'BE69539007547034'],
  ['BG', 'BG80BNBG96611020345678', 'BG81BNBG96611020345678'],
  ['CH', 'CH9300762011623852957', 'CH9400762011623852957'],
  ['CY', 'CY17002001280000001200527600', 'CY18002001280000001200527600'],
  ['CZ', 'CZ6508000000192000145399', 'CZ6608000000192000145399'],
  ['DE', 'DE75512108001245126199', 'DE76512108001245126199'],
  ['DK', 'DK5000400440116243', 'DK5100400440116243'],
  ['EE', 'EE382200221020145685', 'EE392200221020145685'],
  ['ES', 'ES9121000418450200051332', 'ES9221000418450200051332'],
  ['FI', 'FI2112345600000785', 'FI2212345600000785'],
  ['FR', 'FR1420041010050500013M02606', 'FR1520041010050500013M02606'],
  ['GB', 'GB29NWBK60161331926819', 'GB30NWBK60161331926819'],
  ['GI', 'GI75NWBK000000007099453', 'GI76NWBK000000007099453'],
  ['GR', 'GR1601101250000000012300695', 'GR1701101250000000012300695'],
  ['HR', 'HR1210010051863000160', 'HR1310010051863000160'],
  ['HU', 'HU42117730161111101800000000', 'HU43117730161111101800000000'],
  ['IE', 'IE29AIBK93115212345678', 'IE30AIBK93115212345678'],
  ['IS', 'IS140159260076545510730339', 'IS150159260076545510730339'],
  ['IT', 'IT60X0542811101000000123456', 'IT61X0542811101000000123456'],
  ['LI', 'LI21088100002324013AA', 'LI22088100002324013AA'],
  ['LT', 'LT121000011101001000', 'LT131000011101001000'],
  ['LU', 'LU280019400644750000', 'LU290019400644750000'],
  ['LV', 'LV80BANK0000435195001', 'LV81BANK0000435195001'],
  ['MC', 'MC5811222000010123456789030', 'MC5911222000010123456789030'],
  ['MT', 'MT84MALT011000012345MTLCAST001S', 'MT85MALT011000012345MTLCAST001S'],
  ['NL', 'NL91ABNA0417164300', 'NL92ABNA0417164300'],
  ['NO', 'NO9386011117947', 'NO9486011117947'],
  ['PL', 'PL61109010140000071219812874', 'PL62109010140000071219812874'],
  ['PT', 'PT50000201231234567890154', 'PT51000201231234567890154'],
  ['RO', 'RO49AAAA1B31007593840000', 'RO50AAAA1B31007593840000'],
  ['SE', 'SE4550000000058398257466', 'SE4650000000058398257466'],
  ['SI', 'SI56263300012039086', 'SI57263300012039086'],
  ['SK', 'SK3112000000198742637541', 'SK3212000000198742637541'],
  ['SM', 'SM86U0322509800000000270100', 'SM87U0322509800000000270100'],
  ['VA', 'VA59001123000012345678', 'VA60001123000012345678'],
];

const ibanSchema = { type: 'string', format: 'iban' };
const germanIbanSchema = { type: 'string', format: 'iban-de' };

describe('the iban format', () => {
  it('has an example for each of the 37 accepted countries', () => {
    expect(examples.map(([country]) => country).sort()).toEqual([...IBAN_COUNTRIES].sort());
  });

  it.each(examples)('accepts the %s example IBAN %s', (_country, valid) => {
    expect(isValidIBAN(valid)).toBe(true);
    expect(passes(ibanSchema, valid)).toBe(true);
  });

  it.each(examples)('rejects the %s IBAN with a broken checksum', (_country, _valid, broken) => {
    expect(passes(ibanSchema, broken)).toBe(false);
  });

  it.each(['DE02120300000000202051', 'DE89370400440532013000', 'de89 3704 0044 0532 0130 00'])(
    'rejects the well-known test IBAN %s although its checksum is valid',
    (testIban) => {
      expect(isValidIBAN(normalizeIban(testIban))).toBe(true);
      expect(passes(ibanSchema, testIban)).toBe(false);
    },
  );

  it.each(['DE75 5121 0800 1245 1261 99', 'de75512108001245126199', 'at61 1904 3002 3457 3201'])(
    'accepts lower case and spaces in %s',
    (written) => {
      expect(passes(ibanSchema, written)).toBe(true);
    },
  );

  it.each([
    ['Saudi', 'SA0380000000608010167519'],
    ['Turkish', 'TR330006100519786457841326'],
  ])('rejects a checksum-valid %s IBAN from outside the 37 countries', (_label, iban) => {
    expect(isValidIBAN(iban)).toBe(true);
    expect(passes(ibanSchema, iban)).toBe(false);
  });

  it('rejects a US-style account number', () => {
    expect(passes(ibanSchema, 'US12345678901234567890')).toBe(false);
  });

  it.each(['', '   ', 'DE7551210800124512619', 'DE75512108001245126199X', 'not an iban'])(
    'rejects the malformed value "%s"',
    (value) => {
      expect(formats.iban(value)).toBe(false);
    },
  );
});

describe('the iban-de format', () => {
  it('accepts a valid German IBAN', () => {
    expect(passes(germanIbanSchema, 'DE75 5121 0800 1245 1261 99')).toBe(true);
  });

  it('rejects a valid Austrian IBAN', () => {
    expect(passes(ibanSchema, 'AT611904300234573201')).toBe(true);
    expect(passes(germanIbanSchema, 'AT611904300234573201')).toBe(false);
  });

  it('rejects the German test IBANs', () => {
    expect(passes(germanIbanSchema, 'DE02120300000000202051')).toBe(false);
    expect(passes(germanIbanSchema, 'DE89370400440532013000')).toBe(false);
  });
});

describe('normalizeIban', () => {
  it('removes spaces and upper-cases the IBAN', () => {
    expect(normalizeIban(' de75 5121 0800 1245 1261 99 ')).toBe('DE75512108001245126199');
  });
});
