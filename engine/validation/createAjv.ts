import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options } from 'ajv';
import { _ } from 'ajv';
import { formats } from './formats.ts';
import { customKeywords } from './keywords.ts';

/** Options of {@link createAjv}. */
export interface CreateAjvOptions {
  /** Collect every error of a value instead of stopping at the first (default true). */
  allErrors?: boolean;
  /**
   * Generate standalone ESM source (codegen's precompiled validators). The generated module must
   * import the formats as `__formats` from engine/validation/formats.ts and the runtime helpers
   * as `__runtime` from engine/validation/standaloneRuntime.ts.
   */
  standaloneCode?: boolean;
}

/**
 * The one configured ajv instance of the platform (JSON Schema 2020-12) with the platform's
 * formats and custom keywords: the browser's precompiled validators, the server and
 * `definitions:check` are all built from it, so they agree exactly.
 */
export function createAjv(options: CreateAjvOptions = {}): Ajv2020 {
  const ajvOptions: Options = {
    allErrors: options.allErrors ?? true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    // Validators are called with the rule context as `this` (validate.call(context, data)), which
    // the keywords of the brand market read (postcode, debitIban).
    passContext: true,
    ...(options.standaloneCode ? { code: { source: true, esm: true, formats: _`__formats` } } : {}),
  };
  const ajv = new Ajv2020(ajvOptions);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  for (const keyword of customKeywords) ajv.addKeyword(keyword);
  return ajv;
}
