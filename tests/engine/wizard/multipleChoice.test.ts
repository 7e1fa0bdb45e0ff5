import { describe, expect, it } from 'vitest';
import {
  choiceOptions,
  createAjv,
  initialState,
  offeredOptions,
  stepProblems,
  transition,
  type Step,
  type WizardDefinition,
  type WizardSetup,
} from '../../../engine/index.ts';
import { endpoints } from '../../support/definitions.ts';

// A multiple choice is an array of enum values answered with checkboxes (a line's optional
// covers). Its options may depend on earlier answers (optionsWhen), and a text from the URL
// gives its values separated by commas.

const cover: Step = {
  id: 'deckung',
  i18nPrefix: 'Cover',
  form: {
    schema: {
      type: 'object',
      properties: {
        summe: { type: 'number' },
        bausteine: {
          type: 'array',
          uniqueItems: true,
          items: { type: 'string', enum: ['SCHLUESSEL', 'KINDER', 'DIENST'] },
        },
      },
    },
    uiSchema: { bausteine: { 'ui:widget': 'checkboxes' } },
    optionsWhen: {
      bausteine: {
        if: [
          { '==': [{ var: 'option' }, 'KINDER'] },
          { '==': [{ var: 'data.familie.stand' }, 'FAMILIE'] },
          true,
        ],
      },
    },
  },
};

const family: Step = {
  id: 'familie',
  i18nPrefix: 'Family',
  form: {
    schema: {
      type: 'object',
      properties: { stand: { type: 'string', enum: ['SINGLE', 'FAMILIE'] } },
    },
  },
};

const input = (stand: string) => ({ data: { familie: { stand } }, context: {} });
const validate = createAjv().compile(cover.form?.schema ?? {});
const problemsOf = (bausteine: string[], stand: string) =>
  stepProblems(cover, validate, { bausteine }, [], input(stand));

describe('a multiple choice whose options follow earlier answers', () => {
  it('has the options of its items', () => {
    expect(choiceOptions({ type: 'number' })).toEqual([]);
    expect(
      choiceOptions((cover.form?.schema['properties'] as Record<string, unknown>)['bausteine']),
    ).toEqual(['SCHLUESSEL', 'KINDER', 'DIENST']);
    expect(choiceOptions({ type: 'string', enum: ['A', 'B'] })).toEqual(['A', 'B']);
  });

  it('offers an option only while its rule holds', () => {
    expect(offeredOptions(cover, 'bausteine', input('SINGLE'))).toEqual(['SCHLUESSEL', 'DIENST']);
    expect(offeredOptions(cover, 'bausteine', input('FAMILIE'))).toEqual([
      'SCHLUESSEL',
      'KINDER',
      'DIENST',
    ]);
  });

  it('refuses a chosen option that is not offered with the field’s enum message', () => {
    expect(problemsOf(['SCHLUESSEL', 'KINDER'], 'FAMILIE')).toEqual([]);
    expect(problemsOf(['SCHLUESSEL', 'KINDER'], 'SINGLE')).toEqual([
      {
        path: 'bausteine',
        keys: ['Cover.bausteine.enum', 'common:validation.enum'],
        values: { allowedValues: ['SCHLUESSEL', 'DIENST'] },
      },
    ]);
    expect(problemsOf([], 'SINGLE')).toEqual([]);
  });
});

describe('a multiple choice prefilled from the URL', () => {
  const definition = {
    id: 'auswahl',
    version: 1,
    kind: 'claim',
    brands: ['andsafe'],
    roles: ['claimant'],
    baseRoute: '/auswahl',
    i18nNamespace: 'auswahl',
    titleKey: 'title',
    steps: [family, cover],
    prefill: {
      fields: {
        coverages: { target: 'deckung.bausteine' },
        insuranceSum: { target: 'deckung.summe' },
      },
    },
  } as unknown as WizardDefinition;
  const setup: WizardSetup = { definition, endpoints, context: {} };
  const prefilled = (values: Record<string, unknown>) => {
    const started = transition(setup, initialState(definition), { type: 'start' }).state;
    return transition(setup, started, { type: 'prefill', values }).state.formData['deckung'];
  };

  it('takes the comma-separated values of a text as the list of chosen options', () => {
    expect(prefilled({ coverages: 'SCHLUESSEL, DIENST', insuranceSum: '1000' })).toEqual({
      bausteine: ['SCHLUESSEL', 'DIENST'],
      summe: 1000,
    });
    expect(prefilled({ coverages: 'KINDER' })).toEqual({ bausteine: ['KINDER'] });
  });

  it('keeps a list as the embedding parent sends it', () => {
    expect(prefilled({ coverages: ['DIENST'] })).toEqual({ bausteine: ['DIENST'] });
  });
});
