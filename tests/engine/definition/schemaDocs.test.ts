import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The tariff, worksheet and document schemas are what a product owner and an auditor read: every
// property they declare carries a description (editors show it while typing).
function undocumented(node: unknown, pointer: string, out: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => undocumented(item, `${pointer}/${i}`, out));
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    const properties = record['properties'];
    if (typeof properties === 'object' && properties !== null)
      for (const [name, schema] of Object.entries(properties)) {
        const s = schema as Record<string, unknown>;
        if (
          typeof s['description'] !== 'string' &&
          !(typeof s['$ref'] === 'string' && name !== '$schema')
        )
          out.push(`${pointer}/properties/${name}`);
      }
    for (const [key, value] of Object.entries(record))
      undocumented(value, `${pointer}/${key}`, out);
  }
  return out;
}

describe('schemas a product owner reads', () => {
  it.each(['tariff', 'register', 'catalogue', 'rating-worksheet', 'document'])(
    '%s.schema.json documents every property',
    (name) => {
      const schema: unknown = JSON.parse(
        readFileSync(`definitions/schema/${name}.schema.json`, 'utf8'),
      );
      expect(undocumented(schema, '', [])).toEqual([]);
    },
  );
});
