import { describe, expect, it } from 'vitest';
import {
  createAjv,
  irrelevantItemFields,
  irrelevantKeys,
  relevantFormData,
  stepProblems,
  transition,
  initialState,
  withoutIrrelevant,
  type WizardDefinition,
} from '../../../engine/index.ts';

// A field of a list's items that counts only for some items: the second breed of a dog asked
// only for a mixed breed (irrelevantWhen keyed "<list>.<field>", reading the item as `item`).
const dogs: WizardDefinition = {
  id: 'hunde-test',
  version: 1,
  kind: 'claim',
  brands: ['andsafe'],
  roles: ['claimant'],
  baseRoute: '/hunde-test',
  i18nNamespace: 'hunde-test',
  titleKey: 'title',
  steps: [
    {
      id: 'hunde',
      i18nPrefix: 'Dogs',
      form: {
        schema: {
          type: 'object',
          properties: {
            hunde: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  mischling: { type: 'boolean' },
                  mischlingsRasse: { type: 'string', minLength: 3 },
                },
                required: ['name', 'mischling', 'mischlingsRasse'],
              },
            },
          },
          required: ['hunde'],
        },
        irrelevantWhen: {
          'hunde.mischlingsRasse': { '!': { var: 'item.mischling' } },
        },
      },
    },
    { id: 'ende', i18nPrefix: 'End' },
  ],
} as unknown as WizardDefinition;

const step = dogs.steps[0] as WizardDefinition['steps'][number];
const validate = createAjv().compile(step.form?.schema ?? {});
const bello = { name: 'Bello', mischling: false, mischlingsRasse: 'Pudel' };
const luna = { name: 'Luna', mischling: true, mischlingsRasse: 'Pudel' };
const input = (hunde: unknown[]) => ({ data: { hunde: { hunde } }, context: {} });

describe('irrelevantWhen rules of the fields of list items', () => {
  it('decide item by item, with the item as `item` (an empty item too)', () => {
    expect(irrelevantItemFields(step, 'hunde', bello, input([]))).toEqual(['mischlingsRasse']);
    expect(irrelevantItemFields(step, 'hunde', luna, input([]))).toEqual([]);
    expect(irrelevantItemFields(step, 'hunde', {}, input([]))).toEqual(['mischlingsRasse']);
    expect(irrelevantItemFields(step, 'katzen', bello, input([]))).toEqual([]);
  });

  it('mark the field of each item the answers have by its path', () => {
    expect(irrelevantKeys(step, input([bello, luna, { name: 'Rex' }]))).toEqual([
      'hunde.0.mischlingsRasse',
      'hunde.2.mischlingsRasse',
    ]);
    expect(irrelevantKeys(step, { data: {}, context: {} })).toEqual([]);
  });

  it('leave the field out of that item only, keeping the rest of the answers', () => {
    expect(
      withoutIrrelevant({ hunde: [bello, luna], andere: 1 }, ['hunde.0.mischlingsRasse']),
    ).toEqual({ hunde: [{ name: 'Bello', mischling: false }, luna], andere: 1 });
    expect(withoutIrrelevant({ hunde: [bello] }, ['hunde.3.mischlingsRasse', 'x.0.y'])).toEqual({
      hunde: [bello],
    });
  });

  it('are not validated while irrelevant: neither a wrong answer nor a missing one counts', () => {
    const answers = {
      hunde: [
        { ...bello, mischlingsRasse: 'X' },
        { name: 'Rex', mischling: false },
      ],
    };
    const problems = stepProblems(
      step,
      validate,
      answers,
      ['hunde.0.mischlingsRasse', 'hunde.1.mischlingsRasse'],
      input(answers.hunde),
    );
    expect(problems).toEqual([]);
    const mixed = { hunde: [{ name: 'Luna', mischling: true }] };
    expect(stepProblems(step, validate, mixed, [], input(mixed.hunde)).map((p) => p.path)).toEqual([
      'hunde.0.mischlingsRasse',
    ]);
  });

  it('follow the answers in the wizard: the relevant answers leave the field out while it is hidden', () => {
    const setup = { definition: dogs, context: {}, endpoints: {} };
    const started = transition(setup, initialState(dogs), { type: 'start' }).state;
    const set = (hunde: unknown[]) =>
      transition(setup, started, { type: 'setPageData', page: 'hunde', data: { hunde } }).state;
    const state = set([bello, luna]);
    expect(state.irrelevantKeys['hunde']).toEqual(['hunde.0.mischlingsRasse']);
    expect(relevantFormData(state)['hunde']).toEqual({
      hunde: [{ name: 'Bello', mischling: false }, luna],
    });
    // The answer is kept: choosing "mixed breed" again brings it back.
    const mixedAgain = set([{ ...bello, mischling: true }, luna]);
    expect(mixedAgain.irrelevantKeys['hunde']).toBeUndefined();
    expect(relevantFormData(mixedAgain)['hunde']).toEqual({
      hunde: [{ ...bello, mischling: true }, luna],
    });
  });
});
