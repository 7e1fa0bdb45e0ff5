import { describe, expect, it } from 'vitest';
import {
  initialState,
  relevantData,
  relevantFormData,
  transition,
  type WizardState,
} from '../../../engine/index.ts';
import type { WizardDefinition } from '../../../engine/definition/types.ts';
import { endpoints } from '../../support/definitions.ts';

// A small flow: "details" is shown only when "kind" is "other"; "notes" is irrelevant when
// "skipNotes" is set.
const definition: WizardDefinition = {
  id: 'test-flow',
  version: 1,
  kind: 'application',
  product: { code: 'FAHRRAD', nameKey: 'name', identifier: 'FAHRRAD_2024' },
  brands: ['hfk'],
  roles: ['claimant'],
  baseRoute: '/test',
  i18nNamespace: 'test',
  titleKey: 'title',
  steps: [
    {
      id: 'first',
      i18nPrefix: 'First',
      form: {
        schema: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: ['bike', 'other'] },
            notes: { type: 'string' },
            skipNotes: { type: 'boolean' },
          },
        },
        irrelevantWhen: { notes: { var: 'data.first.skipNotes' } },
      },
    },
    {
      id: 'details',
      i18nPrefix: 'Details',
      visibleWhen: { '==': [{ var: 'data.first.kind' }, 'other'] },
    },
    { id: 'last', i18nPrefix: 'Last' },
  ],
};
const setup = { definition, endpoints, context: { brand: 'hfk' } };
const run = (state: WizardState, ...events: Parameters<typeof transition>[2][]): WizardState =>
  events.reduce((s, e) => transition(setup, s, e).state, state);
const started = run(initialState(definition), { type: 'start' });

describe('wizard state (spec section 3 and 4)', () => {
  it('holds product name, product identifier and base route from the definition', () => {
    expect(initialState(definition)).toMatchObject({
      productName: 'FAHRRAD',
      productIdentifier: 'FAHRRAD_2024',
      baseRoute: '/test',
    });
  });

  it('starts with the application-sent flag false, no result and not prefilled', () => {
    expect(initialState(definition)).toMatchObject({
      applicationSent: false,
      applicationResult: null,
      prefilled: false,
      formData: {},
      irrelevantKeys: {},
    });
  });

  it('starts on the first visible step', () => {
    expect(started.currentStep).toBe('first');
    expect(started.steps).toEqual([{ id: 'first' }, { id: 'last' }]);
  });

  it('keeps form data keyed by page', () => {
    const s = run(started, { type: 'setPageData', page: 'first', data: { kind: 'bike' } });
    expect(s.formData).toEqual({ first: { kind: 'bike' } });
  });

  it('relevant data excludes empty values', () => {
    const s = run(started, {
      type: 'setPageData',
      page: 'first',
      data: { kind: 'bike', notes: '   ', skipNotes: false },
    });
    expect(relevantData(s, 'first')).toEqual({ kind: 'bike', skipNotes: false });
  });

  it('relevant data excludes keys marked irrelevant for that page', () => {
    const s = run(started, {
      type: 'setPageData',
      page: 'first',
      data: { kind: 'bike', notes: 'Klingel', skipNotes: true },
    });
    expect(s.irrelevantKeys).toEqual({ first: ['notes'] });
    expect(relevantData(s, 'first')).toEqual({ kind: 'bike', skipNotes: true });
    expect(s.formData['first']?.['notes']).toBe('Klingel');
  });

  it('relevant form data covers only visible steps', () => {
    const s = run(
      started,
      { type: 'setPageData', page: 'first', data: { kind: 'bike' } },
      { type: 'setPageData', page: 'details', data: { x: 1 } },
    );
    expect(relevantFormData(s)).toEqual({ first: { kind: 'bike' } });
  });

  it('changing the steps clears the current step if it no longer exists', () => {
    const onDetails = run(
      started,
      { type: 'setPageData', page: 'first', data: { kind: 'other' } },
      { type: 'next' },
    );
    expect(onDetails.currentStep).toBe('details');
    expect(run(onDetails, { type: 'setSteps', steps: ['first', 'last'] }).currentStep).toBeNull();
    expect(
      run(onDetails, { type: 'setPageData', page: 'first', data: { kind: 'bike' } }).currentStep,
    ).toBeNull();
  });

  it('changing the steps keeps the current step when it still exists', () => {
    expect(run(started, { type: 'setSteps', steps: ['last', 'first'] }).currentStep).toBe('first');
  });

  it('reset clears everything', () => {
    const s = run(
      started,
      { type: 'setPageData', page: 'first', data: { kind: 'other' } },
      { type: 'next' },
      { type: 'reset' },
    );
    expect(s).toEqual(initialState(definition));
  });

  it('resetting a page empties its data and its irrelevant-key list', () => {
    const s = run(
      started,
      { type: 'setPageData', page: 'first', data: { notes: 'x', skipNotes: true } },
      { type: 'resetPage', page: 'first' },
    );
    expect(s.formData['first']).toEqual({});
    expect(s.irrelevantKeys['first']).toEqual([]);
  });

  it('next and previous follow the order of the currently visible steps', () => {
    const viaDetails = run(
      started,
      { type: 'setPageData', page: 'first', data: { kind: 'other' } },
      { type: 'next' },
      { type: 'next' },
    );
    expect(viaDetails.currentStep).toBe('last');
    expect(run(viaDetails, { type: 'previous' }).currentStep).toBe('details');
    const direct = run(
      started,
      { type: 'setPageData', page: 'first', data: { kind: 'bike' } },
      { type: 'next' },
    );
    expect(direct.currentStep).toBe('last');
    expect(run(direct, { type: 'previous' }).currentStep).toBe('first');
  });

  it('a missing next step throws', () => {
    const last = run(started, { type: 'next' });
    expect(() => transition(setup, last, { type: 'next' })).toThrow(/no next step/);
  });

  it('a missing previous step throws', () => {
    expect(() => transition(setup, started, { type: 'previous' })).toThrow(/no previous step/);
  });

  it('a transition never changes the state it is given', () => {
    const before = structuredClone(started);
    transition(setup, started, { type: 'setPageData', page: 'first', data: { kind: 'other' } });
    expect(started).toEqual(before);
  });

  it('the state is plain serialisable data', () => {
    const s = run(
      started,
      { type: 'setPageData', page: 'first', data: { kind: 'other', skipNotes: true } },
      { type: 'next' },
    );
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});
