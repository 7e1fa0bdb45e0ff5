import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../engine/validation/createAjv.ts';
import { compileErrorPointer, findKeyword } from '../../../engine/definition/schemaWalk.ts';

/** The pointer the check reports for a schema that does not compile with the platform's ajv. */
function pointerOf(schema: object): string {
  try {
    createAjv().compile(schema);
  } catch (e) {
    return compileErrorPointer(schema, (e as Error).message);
  }
  throw new Error('the schema compiled');
}

const list = (item: object) => ({
  type: 'object',
  properties: { personen: { type: 'array', items: { type: 'object', properties: { x: item } } } },
});

describe('where a step schema fails to compile', () => {
  it('points at an unknown format inside a list item', () => {
    expect(pointerOf(list({ type: 'string', format: 'datum' }))).toBe(
      '/properties/personen/items/properties/x/format',
    );
  });

  it('points at a keyword with an invalid value', () => {
    expect(pointerOf(list({ type: 'string', format: 'date', maxAge: 'alt' }))).toBe(
      '/properties/personen/items/properties/x/maxAge',
    );
  });

  it('finds an unknown keyword, which ajv names without a path', () => {
    expect(pointerOf({ type: 'object', not: { properties: { a: { minimun: 1 } } } })).toBe(
      '/not/properties/a/minimun',
    );
  });

  it('reads the data path of an invalid schema and escapes names', () => {
    expect(pointerOf({ type: 'object', properties: { 'a/b': { minLength: -1 } } })).toBe(
      '/properties/a~1b/minLength',
    );
  });

  it('never takes a property name for a keyword', () => {
    expect(findKeyword({ properties: { minimun: { type: 'string' } } }, 'minimun')).toBeUndefined();
  });
});
