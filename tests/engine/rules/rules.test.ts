import { describe, expect, it } from 'vitest';
import { readJsonFiles } from '../../../codegen/schemaFiles.ts';
import type { Step, WizardDefinition } from '../../../engine/definition/types.ts';
import {
  evaluateRule,
  isTruthy,
  knownOperators,
  ruleHolds,
} from '../../../engine/rules/evaluate.ts';
import {
  collectLiterals,
  collectOperators,
  collectVarReferences,
} from '../../../engine/rules/references.ts';
import { offeredOptions, visibleSteps, type RuleInput } from '../../../engine/wizard/visibility.ts';

describe('evaluateRule', () => {
  it('reads a variable by its dotted path', () => {
    expect(evaluateRule({ var: 'context.brand' }, { context: { brand: 'hfk' } })).toBe('hfk');
  });

  it('gives null for a variable that is not there', () => {
    expect(evaluateRule({ var: 'data.start.x' }, { data: {} })).toBeNull();
  });

  it('gives the default of a variable that is not there', () => {
    expect(evaluateRule({ var: ['data.start.x', 1] }, { data: {} })).toBe(1);
  });

  it('reads a variable whose path is computed', () => {
    const rule = { var: { cat: ['context.config.claimApps.', { var: 'response.versicherung' }] } };
    const scope = {
      context: { config: { claimApps: { PHV: 'https://phv.example' } } },
      response: { versicherung: 'PHV' },
    };
    expect(evaluateRule(rule, scope)).toBe('https://phv.example');
  });

  it('compares, negates and combines', () => {
    const scope = { context: { brand: 'hfk', flags: { a: true } } };
    expect(evaluateRule({ '==': [{ var: 'context.brand' }, 'hfk'] }, scope)).toBe(true);
    expect(evaluateRule({ '!=': [{ var: 'context.brand' }, 'hfk'] }, scope)).toBe(false);
    expect(evaluateRule({ '!': { var: 'context.flags.a' } }, scope)).toBe(false);
    expect(evaluateRule({ and: [true, { var: 'context.flags.a' }] }, scope)).toBe(true);
    expect(evaluateRule({ or: [false, { var: 'context.flags.b' }] }, scope)).toBeFalsy();
  });

  it('returns a literal rule as it is', () => {
    expect(evaluateRule('text', {})).toBe('text');
    expect(evaluateRule(3, {})).toBe(3);
  });

  it('throws on an operator it does not know', () => {
    expect(() => evaluateRule({ like: ['a', 'b'] }, {})).toThrow();
  });
});

describe('ruleHolds', () => {
  it.each([
    ['true', true, true],
    ['false', false, false],
    ['a non-empty string', 'x', true],
    ['the empty string', '', false],
    ['zero', 0, false],
    ['one', 1, true],
    ['null', null, false],
  ])('treats %s as %s', (_label, value, holds) => {
    expect(ruleHolds({ var: 'v' }, { v: value })).toBe(holds);
  });

  it('treats an empty array as false, as JSON Logic does', () => {
    expect(ruleHolds({ var: 'v' }, { v: [] })).toBe(false);
    expect(isTruthy([])).toBe(false);
  });

  it('treats a non-empty array as true', () => {
    expect(ruleHolds({ var: 'v' }, { v: [0] })).toBe(true);
  });

  it('treats a missing variable as false', () => {
    expect(ruleHolds({ var: 'context.flags.nie' }, { context: { flags: {} } })).toBe(false);
  });
});

describe('knownOperators', () => {
  it('knows the operators the definitions use', () => {
    const operators = knownOperators();
    for (const op of ['var', '==', '!=', '!', 'and', 'or', 'in', 'cat', 'if'])
      expect(operators.has(op)).toBe(true);
  });

  it('does not know an invented operator', () => {
    expect(knownOperators().has('like')).toBe(false);
  });
});

describe('collectVarReferences', () => {
  it('finds a plain variable', () => {
    expect(collectVarReferences({ var: 'context.brand' })).toEqual([
      { path: 'context.brand', dynamic: false },
    ]);
  });

  it('finds a variable with a default, without taking the default for a variable', () => {
    expect(collectVarReferences({ var: ['a', 1] })).toEqual([{ path: 'a', dynamic: false }]);
  });

  it('finds variables nested in operators, in order', () => {
    const rule = {
      and: [
        { '==': [{ var: 'context.brand' }, 'hfk'] },
        { '!': { var: 'data.produkt-auswahl.productType' } },
      ],
    };
    expect(collectVarReferences(rule)).toEqual([
      { path: 'context.brand', dynamic: false },
      { path: 'data.produkt-auswahl.productType', dynamic: false },
    ]);
  });

  it('reports a computed path as dynamic with its literal prefix, and the variables it is computed from', () => {
    const rule = { var: { cat: ['context.x.', { var: 'response.versicherung' }] } };
    expect(collectVarReferences(rule)).toEqual([
      { path: 'context.x.', dynamic: true },
      { path: 'response.versicherung', dynamic: false },
    ]);
  });

  it('reports a computed path without a literal prefix as dynamic with an empty prefix', () => {
    expect(collectVarReferences({ var: { var: 'name' } })).toEqual([
      { path: '', dynamic: true },
      { path: 'name', dynamic: false },
    ]);
  });

  it('finds no variable in a literal', () => {
    expect(collectVarReferences(true)).toEqual([]);
    expect(collectVarReferences('context.brand')).toEqual([]);
  });
});

describe('collectOperators', () => {
  it('lists every operator, nested ones included', () => {
    const rule = {
      and: [
        { '==': [{ var: 'context.brand' }, 'hfk'] },
        { '!': { in: [{ var: 'option' }, ['A']] } },
      ],
    };
    expect(collectOperators(rule)).toEqual(['and', '==', 'var', '!', 'in', 'var']);
  });

  it('takes the keys of an object built with eachKey for names, not operators', () => {
    const rule = { eachKey: { gewerbe: { var: 'value' }, anzahl: { '+': [1, 2] } } };
    expect(collectOperators(rule)).toEqual(['eachKey', 'var', '+']);
    expect(evaluateRule(rule, { value: 'Kiosk' })).toEqual({ gewerbe: 'Kiosk', anzahl: 3 });
  });

  it('lists none for a literal', () => {
    expect(collectOperators(false)).toEqual([]);
  });
});

describe('collectLiterals', () => {
  it('lists the values a rule compares with, not the variable names', () => {
    const rule = {
      and: [
        { '==': [{ var: 'context.brand' }, 'hfk'] },
        { '!=': [{ var: 'data.s.f' }, 3] },
        true,
        { '==': [{ var: 'x' }, null] },
      ],
    };
    expect(collectLiterals(rule)).toEqual(['hfk', 3, true, null]);
  });

  it('lists the items of a literal list', () => {
    expect(collectLiterals({ in: [{ var: 'option' }, ['PHV', 'BHV']] })).toEqual(['PHV', 'BHV']);
  });
});

describe('the visibility rules of the claim entry', () => {
  const file = readJsonFiles(process.cwd()).find(
    (f) => f.path === 'definitions/claims/claim-entry.json',
  );
  const definition = JSON.parse(file?.text ?? '{}') as WizardDefinition;
  const BRANDS = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
  const ALL_PRODUCTS = ['PHV', 'HAUSRAT', 'BHV', 'KFZ'];

  const input = (
    brand: string,
    productType?: string,
    flags: Record<string, boolean> = {},
    claimProducts: string[] = ALL_PRODUCTS,
  ): RuleInput => ({
    data: productType === undefined ? {} : { 'produkt-auswahl': { productType } },
    context: {
      brand,
      environment: 'localhost',
      role: 'claimant',
      flags,
      config: { claimProducts, claimApps: {} },
    },
  });
  const visible = (i: RuleInput): string[] => visibleSteps(definition, i).map((s) => s.id);
  const productStep = definition.steps.find((s) => s.id === 'produkt-auswahl') as Step;

  it.each(BRANDS.map((b) => [b, b === 'hfk'] as const))(
    'shows the product choice for %s: %s',
    (brand, shown) => {
      expect(visible(input(brand)).includes('produkt-auswahl')).toBe(shown);
    },
  );

  it('hides the start step for BHV', () => {
    expect(visible(input('hfk', 'BHV'))).not.toContain('start');
  });

  it.each(['PHV', 'HAUSRAT', 'KFZ', undefined])(
    'shows the start step for product %s',
    (product) => {
      expect(visible(input('hfk', product))).toContain('start');
    },
  );

  it('shows the BHV explanation only for hfk with BHV', () => {
    expect(visible(input('hfk', 'BHV'))).toEqual([
      'produkt-auswahl',
      'erklaerung-bhv',
      'vertrags-und-kontaktdaten',
    ]);
    expect(visible(input('hfk', 'PHV'))).not.toContain('erklaerung-bhv');
    expect(visible(input('hfk'))).not.toContain('erklaerung-bhv');
    expect(visible(input('andsafe', 'BHV'))).not.toContain('erklaerung-bhv');
  });

  it('shows start and contract data to a brand without a product choice', () => {
    expect(visible(input('s-direkt'))).toEqual(['start', 'vertrags-und-kontaktdaten']);
  });

  it('offers KFZ only while the vehicle claim flag is on', () => {
    const flag = 'enable-vehicle-insurance-claim-report';
    expect(
      offeredOptions(productStep, 'productType', input('hfk', undefined, { [flag]: true })),
    ).toEqual(ALL_PRODUCTS);
    expect(
      offeredOptions(productStep, 'productType', input('hfk', undefined, { [flag]: false })),
    ).toEqual(['PHV', 'HAUSRAT', 'BHV']);
    expect(offeredOptions(productStep, 'productType', input('hfk'))).toEqual([
      'PHV',
      'HAUSRAT',
      'BHV',
    ]);
  });

  it('offers only the products the brand configures', () => {
    const flag = 'enable-vehicle-insurance-claim-report';
    expect(
      offeredOptions(
        productStep,
        'productType',
        input('hfk', undefined, { [flag]: true }, ['PHV', 'BHV']),
      ),
    ).toEqual(['PHV', 'BHV']);
  });
});
