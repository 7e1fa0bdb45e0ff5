import { describe, expect, it } from 'vitest';
import { catalogueLookup, CATALOGUES_SCOPE, evaluateRule } from '#engine';

describe('the catalogue rule operator', () => {
  const catalogues = catalogueLookup([
    {
      $schema: '../schema/catalogue.schema.json',
      id: 'hunderassen',
      description: 'test',
      finder: true,
      attributes: {
        listenhund: { type: 'boolean', description: 'x' },
        groesse: { type: 'string', description: 'y' },
      },
      entries: [
        { key: 'mops', label: 'Mops', attributes: { listenhund: false, groesse: 'KLEIN' } },
        { key: 'kangal', label: 'Kangal', attributes: { listenhund: true, groesse: 'GROSS' } },
      ],
    },
  ]);
  /** The rule evaluated with the catalogues in its scope, as the server's rating passes them. */
  const run = (rule: unknown, data: Record<string, unknown> = {}) =>
    evaluateRule(rule, { ...data, [CATALOGUES_SCOPE]: catalogues });

  it('answers the attribute of the entry a label or key names, ignoring case and spaces', () => {
    const rule = { catalogue: ['hunderassen', { var: 'rasse' }, 'listenhund'] };
    expect(run(rule, { rasse: 'Kangal' })).toBe(true);
    expect(run(rule, { rasse: '  kangal ' })).toBe(true);
    expect(run(rule, { rasse: 'mops' })).toBe(false);
    expect(run({ catalogue: ['hunderassen', 'Mops', 'groesse'] }, {})).toBe('KLEIN');
  });

  it('answers the key without an attribute, and null for an unknown entry or catalogue', () => {
    expect(run({ catalogue: ['hunderassen', 'MOPS'] }, {})).toBe('mops');
    expect(run({ catalogue: ['hunderassen', 'Wolf', 'groesse'] }, {})).toBeNull();
    expect(run({ catalogue: ['katzen', 'Mops', 'groesse'] }, {})).toBeNull();
    expect(run({ catalogue: ['hunderassen', { var: 'fehlt' }, 'groesse'] }, {})).toBeNull();
  });

  it('answers null when the scope holds no catalogues (the engine keeps none of its own)', () => {
    expect(evaluateRule({ catalogue: ['hunderassen', 'Mops', 'groesse'] }, {})).toBeNull();
  });

  it('finds the catalogues of the enclosing scope inside a map over a list', () => {
    const rule = {
      map: [{ var: 'rassen' }, { catalogue: ['hunderassen', { var: '' }, 'groesse'] }],
    };
    expect(run(rule, { rassen: ['Mops', 'Kangal'] })).toEqual(['KLEIN', 'GROSS']);
  });
});
