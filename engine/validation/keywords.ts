import { _, Name, str } from 'ajv';
import type { CodeKeywordDefinition, KeywordCxt } from 'ajv';
import { runtime } from './standaloneRuntime.ts';

type RuntimeHelper =
  | 'dateWithinDays'
  | 'maxAge'
  | 'foundingYear'
  | 'fileUpload'
  | 'postcode'
  | 'postcodeExample'
  | 'debitIban'
  | 'debitCountries';

// The validator's `this`: the rule context it was called with (ajv's passContext), which carries
// the brand's market.
const context = _`this`;

// A runtime helper as a name in the generated code: the function itself when compiled live, the
// expression `__runtime.<helper>` in codegen's standalone modules.
function helper(cxt: Pick<KeywordCxt, 'gen'>, name: RuntimeHelper): Name {
  return cxt.gen.scopeValue('func', { ref: runtime[name], code: _`__runtime.${new Name(name)}` });
}

/** Value of the `dateWithinDays` keyword: allowed offsets in days from today, both inclusive. */
export interface DateWithinDays {
  min: number;
  max: number;
}

/** `trimmedRequired: true` on a string: the value with surrounding whitespace removed is non-empty. */
const trimmedRequired: CodeKeywordDefinition = {
  keyword: 'trimmedRequired',
  type: 'string',
  schemaType: 'boolean',
  error: { message: 'must not be empty or blank' },
  code(cxt) {
    if (cxt.schema === true) cxt.fail(_`${cxt.data}.trim() === ""`);
  },
};

/** `dateWithinDays: { "min": -N, "max": M }` on an ISO date: at most N days back, M days ahead. */
const dateWithinDays: CodeKeywordDefinition = {
  keyword: 'dateWithinDays',
  type: 'string',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    properties: { min: { type: 'integer' }, max: { type: 'integer' } },
    required: ['min', 'max'],
    additionalProperties: false,
  },
  error: {
    message: ({ schema }) =>
      str`must be a date from ${String(schema.min)} to ${String(schema.max)} days from today`,
    params: ({ schema }) => _`{min: ${schema.min as number}, max: ${schema.max as number}}`,
  },
  code(cxt) {
    const { min, max } = cxt.schema as DateWithinDays;
    if (min > max) throw new Error(`dateWithinDays: min (${min}) must not exceed max (${max})`);
    cxt.fail(_`!${helper(cxt, 'dateWithinDays')}(${cxt.data}, ${min}, ${max})`);
  },
};

/** `maxAge: N` on an ISO birth date: the person is at most N whole years old today. */
const maxAge: CodeKeywordDefinition = {
  keyword: 'maxAge',
  type: 'string',
  schemaType: 'number',
  metaSchema: { type: 'integer', minimum: 0 },
  error: {
    message: ({ schema }) =>
      str`must be a birth date of someone at most ${String(schema)} years old`,
    params: ({ schema }) => _`{limit: ${schema as number}}`,
  },
  code(cxt) {
    cxt.fail(_`!${helper(cxt, 'maxAge')}(${cxt.data}, ${cxt.schema as number})`);
  },
};

/** `foundingYear: true` on an ISO date or a year: no earlier than 2019-01-01. */
const foundingYear: CodeKeywordDefinition = {
  keyword: 'foundingYear',
  type: ['string', 'integer'],
  schemaType: 'boolean',
  error: { message: 'must not be earlier than 2019-01-01', params: () => _`{limit: "2019-01-01"}` },
  code(cxt) {
    if (cxt.schema === true) cxt.fail(_`!${helper(cxt, 'foundingYear')}(${cxt.data})`);
  },
};

/**
 * `fileUpload: { "maxSizeBytes": B, "maxCount": C }` on an array of file descriptors
 * `{ name, type, size }`: at most C files, each of an allowed type and at most B bytes. The error's
 * `params.reason` says which: "invalid", "count", "type" or "size".
 */
const fileUpload: CodeKeywordDefinition = {
  keyword: 'fileUpload',
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    properties: {
      maxSizeBytes: { type: 'integer', minimum: 1 },
      maxCount: { type: 'integer', minimum: 1 },
    },
    required: ['maxSizeBytes', 'maxCount'],
    additionalProperties: false,
  },
  error: {
    message: ({ params }) => str`must be allowed files (${params['reason'] as Name})`,
    params: ({ params }) => _`{reason: ${params['reason'] as Name}}`,
  },
  code(cxt) {
    const { maxSizeBytes, maxCount } = cxt.schema as { maxSizeBytes: number; maxCount: number };
    const reason = cxt.gen.const(
      'reason',
      _`${helper(cxt, 'fileUpload')}(${cxt.data}, ${maxSizeBytes}, ${maxCount})`,
    );
    cxt.setParams({ reason });
    cxt.fail(_`${reason} !== ""`);
  },
};

/**
 * `postcode: true` on a string: a postcode of the brand's country (context.market.postcode), read
 * from the rule context the validator is called with; the error's `beispiel` is the market's
 * example postcode.
 */
const postcode: CodeKeywordDefinition = {
  keyword: 'postcode',
  type: 'string',
  schemaType: 'boolean',
  error: {
    message: 'must be a postcode of the brand market',
    params: (cxt) => _`{beispiel: ${helper(cxt, 'postcodeExample')}(${context})}`,
  },
  code(cxt) {
    if (cxt.schema === true) cxt.fail(_`!${helper(cxt, 'postcode')}(${cxt.data}, ${context})`);
  },
};

/**
 * `debitIban: true` on an IBAN the brand debits premiums from: its country is one of the market's
 * `debit.ibanCountries` (CH and LI for LSV+), read from the rule context; the error's `laender`
 * lists them ("CH oder LI"). The IBAN itself is checked by the format `iban`.
 */
const debitIban: CodeKeywordDefinition = {
  keyword: 'debitIban',
  type: 'string',
  schemaType: 'boolean',
  error: {
    message: 'must be an IBAN the brand market debits from',
    params: (cxt) => _`{laender: ${helper(cxt, 'debitCountries')}(${context})}`,
  },
  code(cxt) {
    if (cxt.schema === true) cxt.fail(_`!${helper(cxt, 'debitIban')}(${cxt.data}, ${context})`);
  },
};

/** The platform's custom keywords, all ajv "code" keywords so standalone code can carry them. */
export const customKeywords: readonly CodeKeywordDefinition[] = [
  trimmedRequired,
  dateWithinDays,
  maxAge,
  foundingYear,
  fileUpload,
  postcode,
  debitIban,
];

/** Names of the custom keywords. */
export const KEYWORD_NAMES = [
  'trimmedRequired',
  'dateWithinDays',
  'maxAge',
  'foundingYear',
  'fileUpload',
  'postcode',
  'debitIban',
] as const;

/** Name of a custom keyword. */
export type KeywordName = (typeof KEYWORD_NAMES)[number];
