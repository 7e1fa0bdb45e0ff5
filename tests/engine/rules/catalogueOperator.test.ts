import { afterAll, describe, expect, it } from 'vitest';
import { evaluateRule, provideCatalogues } from '#engine';

describe('the catalogue rule operator', () => {
  provideCatalogues([
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
  afterAll(() => provideCatalogues([]));

  it('answers the attribute of the entry a label or key names, ignoring case and spaces', () => {
    const rule = { catalogue: ['hunderassen', { var: 'rasse' }, 'listenhund'] };
    expect(evaluateRule(rule, { rasse: 'Kangal' })).toBe(true);
    expect(evaluateRule(rule, { rasse: '  kangal ' })).toBe(true);
    expect(evaluateRule(rule, { rasse: 'mops' })).toBe(false);
    expect(evaluateRule({ catalogue: ['hunderassen', 'Mops', 'groesse'] }, {})).toBe('KLEIN');
  });

  it('answers the key without an attribute, and null for an unknown entry or catalogue', () => {
    expect(evaluateRule({ catalogue: ['hunderassen', 'MOPS'] }, {})).toBe('mops');
    expect(evaluateRule({ catalogue: ['hunderassen', 'Wolf', 'groesse'] }, {})).toBeNull();
    expect(evaluateRule({ catalogue: ['katzen', 'Mops', 'groesse'] }, {})).toBeNull();
    expect(
      evaluateRule({ catalogue: ['hunderassen', { var: 'fehlt' }, 'groesse'] }, {}),
    ).toBeNull();
  });
});
