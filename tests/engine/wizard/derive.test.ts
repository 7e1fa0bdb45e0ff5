import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { stepProblems, transition, type WizardState } from '../../../engine/index.ts';
import { runTravel, travelSetup, travelStep, travelValidators } from './travelFixture.ts';

const setPersons = (personen: unknown[]) =>
  ({ type: 'setPageData', page: 'reisende', data: { personen } }) as const;
const setHolder = (data: Record<string, unknown>) =>
  ({ type: 'setPageData', page: 'nehmer', data }) as const;
const holder = (state: WizardState) => state.formData['nehmer'];

describe('derived answers', () => {
  it('fills the field from its rule and follows it while the user has not changed it', () => {
    const first = runTravel(setPersons([{ vorname: 'Erika' }]));
    expect(holder(first)?.['vorname']).toBe('Erika');
    const second = transition(travelSetup, first, setPersons([{ vorname: 'Erik' }])).state;
    expect(holder(second)?.['vorname']).toBe('Erik');
  });

  it('keeps what the user typed over the rule, and takes the rule again once it is emptied', () => {
    let state = runTravel(setPersons([{ vorname: 'Erika' }]));
    state = transition(travelSetup, state, setHolder({ ...holder(state), vorname: 'Hans' })).state;
    expect(holder(state)?.['vorname']).toBe('Hans');
    state = transition(travelSetup, state, setPersons([{ vorname: 'Eva' }])).state;
    expect(holder(state)?.['vorname']).toBe('Hans');
    const emptied = Object.fromEntries(
      Object.entries(holder(state) ?? {}).filter(([key]) => key !== 'vorname'),
    );
    state = transition(travelSetup, state, setHolder(emptied)).state;
    expect(holder(state)?.['vorname']).toBeUndefined();
    state = transition(travelSetup, state, setPersons([{ vorname: 'Eva', anrede: 'FRAU' }])).state;
    expect(holder(state)?.['vorname']).toBe('Eva');
  });

  it('does not overwrite the field the user edits in the same event', () => {
    const state = runTravel(setPersons([{ vorname: 'Erika' }]));
    const typed = transition(travelSetup, state, setHolder({ ...holder(state), vorname: 'Erik' }));
    expect(holder(typed.state)?.['vorname']).toBe('Erik');
  });

  it('keeps the identity of answers that did not change', () => {
    const state = runTravel(setPersons([{ vorname: 'Erika' }]));
    const trip = transition(travelSetup, state, {
      type: 'setPageData',
      page: 'reise',
      data: { gruppe: 'PAAR' },
    }).state;
    expect(trip.formData['nehmer']).toBe(state.formData['nehmer']);
    expect(trip.formData['reisende']).toBe(state.formData['reisende']);
  });

  it('fills an empty derived field when answers are restored, and keeps a changed one', () => {
    const restored = runTravel({
      type: 'restore',
      formData: { reisende: { personen: [{ vorname: 'Erika' }] }, nehmer: { vorname: 'Hans' } },
      currentStep: 'nehmer',
    });
    expect(holder(restored)?.['vorname']).toBe('Hans');
    const empty = runTravel({
      type: 'restore',
      formData: { reisende: { personen: [{ vorname: 'Erika' }] } },
      currentStep: 'nehmer',
    });
    expect(holder(empty)?.['vorname']).toBe('Erika');
  });
});

describe('read-only fields', () => {
  it('get their const value from the start', () => {
    expect(holder(runTravel())).toEqual({ zahlweise: 'EINMALIG' });
  });

  it('always follow their rule, whatever was stored', () => {
    const state = runTravel(setHolder({ zahlweise: 'JAEHRLICH', reisende: 9 }));
    expect(holder(state)).toEqual({ zahlweise: 'EINMALIG' });
    const two = transition(travelSetup, state, setPersons([{ vorname: 'A' }, { vorname: 'B' }]));
    expect(holder(two.state)).toEqual({ zahlweise: 'EINMALIG', reisende: 2, vorname: 'A' });
  });

  it('are refused by the step check when a caller sends another value (as the server does)', () => {
    const validate = travelValidators()['nehmer'] as ValidateFunction;
    const answers = { vorname: 'Erika', zahlweise: 'EINMALIG', reisende: 3 };
    const data = { reisende: { personen: [{ vorname: 'Erika' }] }, nehmer: answers };
    const problems = stepProblems(travelStep('nehmer'), validate, answers, [], {
      data,
      context: {},
    });
    expect(problems.map((p) => [p.path, p.keys[0]])).toEqual([
      ['reisende', 'Holder.reisende.const'],
    ]);
  });
});
