import { describe, expect, it } from 'vitest';
import {
  changedAnswers,
  initialState,
  readsAny,
  ruleDependencies,
  transition,
  type WizardDefinition,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';

const definition = {
  id: 'dependencies-test',
  version: 1,
  kind: 'application',
  brands: ['andsafe'],
  roles: ['claimant'],
  baseRoute: '/antrag/abhaengig',
  i18nNamespace: 'dependencies-test',
  titleKey: 'title',
  steps: [
    {
      id: 'eins',
      i18nPrefix: 'Eins',
      form: {
        schema: {
          type: 'object',
          properties: {
            art: { type: 'string' },
            name: { type: 'string' },
            notiz: { type: 'string' },
            grund: { type: 'string' },
            kopie: { type: 'string', readOnly: true },
            hunde: {
              type: 'array',
              items: { type: 'object', properties: { rasse: { type: 'string' } } },
            },
          },
        },
        uiSchema: {},
        irrelevantWhen: {
          grund: { '!=': [{ var: 'data.eins.art' }, 'ANDERE'] },
          'hunde.rasse': { '!': { var: 'item.mischling' } },
        },
        requiredWhen: { notiz: { '==': [{ var: 'data.eins.name' }, 'Muster'] } },
        derive: { kopie: { var: 'data.eins.name' } },
      },
    },
    {
      id: 'zwei',
      i18nPrefix: 'Zwei',
      visibleWhen: { '==': [{ var: 'data.eins.art' }, 'ANDERE'] },
      form: { schema: { type: 'object', properties: { x: { type: 'string' } } }, uiSchema: {} },
    },
    {
      id: 'drei',
      i18nPrefix: 'Drei',
      form: { schema: { type: 'object', properties: { y: { type: 'string' } } }, uiSchema: {} },
    },
  ],
} as unknown as WizardDefinition;

const setup: WizardSetup = { definition, context: { brand: 'andsafe' }, endpoints: {} };

function started(): WizardState {
  return transition(setup, initialState(definition), { type: 'start' }).state;
}

function type(state: WizardState, field: string, value: string): WizardState {
  const data = { ...state.formData['eins'], [field]: value };
  return transition(setup, state, { type: 'setPageData', page: 'eins', data, fields: [field] })
    .state;
}

describe('the dependency index of a definition', () => {
  it('names the answers each kind of rule reads, computed once per definition', () => {
    const deps = ruleDependencies(definition);
    expect(ruleDependencies(definition)).toBe(deps);
    expect([...(deps.visibility.fields.get('eins') ?? [])]).toEqual(['art']);
    // The item rule of the list reads the list itself.
    expect([...(deps.irrelevant.get('eins')?.fields.get('eins') ?? [])].sort()).toEqual([
      'art',
      'hunde',
    ]);
    expect([...(deps.required.get('eins')?.fields.get('eins') ?? [])]).toEqual(['name']);
    expect(deps.filled.get('eins')).toEqual(['kopie']);
    expect(readsAny(deps.visibility, [{ step: 'eins', field: 'name' }])).toBe(false);
    expect(readsAny(deps.visibility, [{ step: 'eins', field: 'art' }])).toBe(true);
  });

  it('takes a computed path for a read of any answer', () => {
    const computed = {
      ...definition,
      steps: [
        {
          ...definition.steps[0],
          visibleWhen: { var: { cat: ['data.eins.', { var: 'context.feld' }] } },
        },
      ],
    } as unknown as WizardDefinition;
    const deps = ruleDependencies(computed);
    expect(deps.visibility.any).toBe(true);
    expect(readsAny(deps.visibility, [{ step: 'eins', field: 'name' }])).toBe(true);
  });

  it('finds the changed answers, with the fields the engine fills, from the edited fields only', () => {
    const before = { eins: { name: 'A', art: 'X', kopie: 'A' } };
    const after = { eins: { name: 'AB', art: 'X', kopie: 'AB' } };
    expect(changedAnswers(definition, before, after, { step: 'eins', fields: ['name'] })).toEqual([
      { step: 'eins', field: 'name' },
      { step: 'eins', field: 'kopie' },
    ]);
    expect(changedAnswers(definition, before, { eins: { ...before.eins, art: 'Y' } })).toEqual([
      { step: 'eins', field: 'art' },
    ]);
    expect(changedAnswers(definition, before, before)).toEqual([]);
  });
});

describe('a keystroke re-evaluates only the rules that read the typed answer', () => {
  it('keeps the hidden fields and the steps as they are when no such rule reads the answer', () => {
    const state = started();
    expect(state.irrelevantKeys['eins']).toEqual(['grund']);
    const next = type(state, 'name', 'Erika');
    expect(next.formData['eins']).toEqual({ name: 'Erika', kopie: 'Erika' });
    expect(next.irrelevantKeys).toBe(state.irrelevantKeys);
    expect(next.steps).toBe(state.steps);
  });

  it('shows a field and a step when the answer their rules read changes, and hides them again', () => {
    const state = started();
    expect(state.steps.map((s) => s.id)).toEqual(['eins', 'drei']);
    const other = type(state, 'art', 'ANDERE');
    expect(other.irrelevantKeys['eins']).toBeUndefined();
    expect(other.steps.map((s) => s.id)).toEqual(['eins', 'zwei', 'drei']);
    const back = type(other, 'art', 'HUND');
    expect(back.irrelevantKeys['eins']).toEqual(['grund']);
    expect(back.steps.map((s) => s.id)).toEqual(['eins', 'drei']);
  });

  it('follows a list item rule when the list changes', () => {
    const state = started();
    const data = { ...state.formData['eins'], hunde: [{ mischling: false }, { mischling: true }] };
    const next = transition(setup, state, {
      type: 'setPageData',
      page: 'eins',
      data,
      fields: ['hunde'],
    }).state;
    expect(next.irrelevantKeys['eins']).toEqual(['grund', 'hunde.0.rasse']);
  });
});
