import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { ErrorObject } from 'ajv';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMAT_NAMES, KEYWORD_NAMES, createAjv } from '../../../engine/validation/index.ts';
import { brandMarket } from '../../support/definitions.ts';

type Validate = ((this: unknown, data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const validationDir = fileURLToPath(new URL('../../../engine/validation/', import.meta.url));

// Every format and every custom keyword of the definition language, in one schema.
const schema = {
  $id: 'https://example.invalid/everything',
  type: 'object',
  properties: {
    ...Object.fromEntries(FORMAT_NAMES.map((format) => [format, { type: 'string', format }])),
    lastname: { type: 'string', trimmedRequired: true },
    startDate: { type: 'string', format: 'date', dateWithinDays: { min: -1, max: 30 } },
    birthDate: { type: 'string', format: 'date', maxAge: 65 },
    founded: { type: 'string', foundingYear: true },
    files: { type: 'array', fileUpload: { maxSizeBytes: 1000, maxCount: 2 } },
    plz: { type: 'string', postcode: true },
    konto: { type: 'string', format: 'iban', debitIban: true },
  },
  required: ['lastname'],
};

// The validators read the brand's market from the rule context they are called with: the Swiss
// brand's (four-digit postcodes, LSV+ from accounts in CH or LI).
const context = { market: brandMarket('protect-ch') };

const valid = {
  date: '2025-06-15',
  'date-time': '2025-06-15T10:30:00Z',
  uri: 'https://www.example.de/schaden',
  iban: 'de75 5121 0800 1245 1261 99',
  'iban-de': 'DE75512108001245126199',
  bic: 'DEUTDEFF',
  phone: '030 123456',
  'phone-mobile': '0151 23456789',
  email: 'max@example.de',
  lastname: 'Mustermann',
  startDate: '2025-06-14',
  birthDate: '1960-06-15',
  founded: '2019-01-01',
  files: [{ name: 'rechnung.pdf', type: 'application/pdf', size: 1000 }],
  plz: '8001',
  konto: 'CH93 0076 2011 6238 5295 7',
};

const invalid = {
  date: '2025-02-30',
  'date-time': 'gestern',
  uri: 'kein link',
  iban: 'DE89370400440532013000',
  'iban-de': 'AT611904300234573201',
  bic: 'DEUTDEF',
  phone: '123',
  'phone-mobile': '030 123456',
  email: 'max@',
  lastname: '   ',
  startDate: '2025-06-13',
  birthDate: '1959-06-15',
  founded: '2018-12-31',
  files: [{ name: 'bild.gif', type: 'image/gif', size: 10 }],
  plz: '20095',
  konto: 'DE75512108001245126199',
};

const tempDir = mkdtempSync(join(tmpdir(), 'standalone-validator-'));

// What codegen does: standalone ESM source with the formats and runtime imports prepended.
async function compileStandalone(): Promise<{ source: string; validate: Validate }> {
  const ajv = createAjv({ standaloneCode: true });
  const source = standaloneCode(ajv, ajv.compile(schema));
  const file = join(tempDir, 'everything.mjs');
  const header = [
    `import { formats as __formats } from ${JSON.stringify(pathToFileURL(join(validationDir, 'formats.ts')).href)};`,
    `import { runtime as __runtime } from ${JSON.stringify(pathToFileURL(join(validationDir, 'standaloneRuntime.ts')).href)};`,
  ].join('\n');
  writeFileSync(file, `${header}\n${source}`);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    default: Validate;
  };
  return { source, validate: module.default };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 15, 10, 30));
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(() => {
  rmSync(tempDir, { recursive: true, force: true });
});

describe('a precompiled (standalone) validator', () => {
  it('uses every format and every custom keyword in the test schema', () => {
    const text = JSON.stringify(schema);
    for (const keyword of KEYWORD_NAMES) expect(text).toContain(`"${keyword}"`);
    for (const format of FORMAT_NAMES) expect(text).toContain(`"format":"${format}"`);
  });

  it('is emitted without require and refers to __formats and __runtime', async () => {
    const { source } = await compileStandalone();
    expect(source).not.toContain('require(');
    expect(source).toContain('__formats');
    expect(source).toContain('__runtime.dateWithinDays');
  });

  it('accepts valid data, as the live validator does', async () => {
    const { validate } = await compileStandalone();
    expect(validate.call(context, valid)).toBe(true);
    expect(createAjv().compile(schema).call(context, valid)).toBe(true);
  });

  it('reports the same errors as the live validator', async () => {
    const { validate } = await compileStandalone();
    const live = createAjv().compile(schema);
    expect(validate.call(context, invalid)).toBe(false);
    expect(live.call(context, invalid)).toBe(false);
    const paths = (errors: ErrorObject[] | null | undefined): string[] =>
      (errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`);
    expect(paths(validate.errors)).toEqual(paths(live.errors));
    expect(paths(validate.errors)).toHaveLength(Object.keys(invalid).length);
  });

  it('checks postcodes and debit accounts against the market it is called with', async () => {
    const { validate } = await compileStandalone();
    const german = { market: brandMarket('andsafe') };
    const answers = { ...valid, plz: '20095', konto: 'DE75 5121 0800 1245 1261 99' };
    expect(validate.call(german, answers)).toBe(true);
    expect(validate.call(context, answers)).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword, e.params])).toEqual([
      ['/plz', 'postcode', { beispiel: '8001' }],
      ['/konto', 'debitIban', { laender: 'CH oder LI' }],
    ]);
    expect(validate.call(german, { ...answers, plz: '8001' })).toBe(false);
  });

  it('refuses to check a postcode without a market rather than guess one', async () => {
    const { validate } = await compileStandalone();
    expect(() => validate.call(undefined, valid)).toThrow(/context\.market/);
  });
});
