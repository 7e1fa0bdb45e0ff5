import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { readsEmptyAnswer, requiredFields, stepProblems } from '../../../engine/index.ts';
import { travelStep, travelValidators } from './travelFixture.ts';

const validate = travelValidators()['reise'] as ValidateFunction;
const step = travelStep('reise');

/** The problems of the trip step as [path, first key]. */
function problemsOf(answers: Record<string, unknown>): [string, string | undefined][] {
  return stepProblems(step, validate, answers, [], { data: { reise: answers }, context: {} }).map(
    (p) => [p.path, p.keys[0]],
  );
}

const trip = { beginn: '2027-03-01', ende: '2027-03-15', gruppe: 'PAAR' };

describe('constraints between fields', () => {
  it('accepts answers for which every constraint holds', () => {
    expect(problemsOf(trip)).toEqual([]);
  });

  it('reports an end before the start at the end field with its own message key', () => {
    expect(problemsOf({ ...trip, ende: '2027-02-28' })).toEqual([['ende', 'Trip.ende.afterStart']]);
    expect(problemsOf({ ...trip, ende: trip.beginn })).toEqual([['ende', 'Trip.ende.afterStart']]);
  });

  it('reports a span of more than 365 days with date operators', () => {
    expect(problemsOf({ ...trip, ende: '2028-02-29' })).toEqual([]);
    expect(problemsOf({ ...trip, ende: '2028-03-01' })).toEqual([
      ['ende', 'Trip.ende.atMostOneYear'],
    ]);
  });

  it('skips a constraint while it reads an empty answer; the required error covers it', () => {
    expect(problemsOf({ ...trip, beginn: '' })).toEqual([['beginn', 'Trip.beginn.required']]);
    expect(problemsOf({ gruppe: 'PAAR' })).toEqual([
      ['beginn', 'Trip.beginn.required'],
      ['ende', 'Trip.ende.required'],
    ]);
  });

  it('leaves a field with a schema error to that error alone', () => {
    expect(problemsOf({ ...trip, ende: '2027-02-30' })).toEqual([['ende', 'Trip.ende.date']]);
  });

  it('knows which rules read an empty answer', () => {
    const rule = { '<': [{ var: 'data.reise.beginn' }, { var: 'context.today' }] };
    expect(readsEmptyAnswer(rule, { data: { reise: { beginn: '2027-01-01' } } })).toBe(false);
    expect(readsEmptyAnswer(rule, { data: { reise: { beginn: '' } } })).toBe(true);
    expect(readsEmptyAnswer(rule, { data: {} })).toBe(true);
  });
});

describe('fields required by a condition', () => {
  it('lists a field as required only while its requiredWhen rule holds', () => {
    const input = (gruppe: string) => ({ data: { reise: { gruppe } }, context: {} });
    expect(requiredFields(step, input('PAAR'))).toEqual(['beginn', 'ende', 'gruppe']);
    expect(requiredFields(step, input('FAMILIE'))).toEqual(['beginn', 'ende', 'gruppe', 'kinder']);
  });

  it('reports the missing answer as required while the rule holds, and not otherwise', () => {
    expect(problemsOf(trip)).toEqual([]);
    expect(problemsOf({ ...trip, gruppe: 'FAMILIE' })).toEqual([
      ['kinder', 'Trip.kinder.required'],
    ]);
    expect(problemsOf({ ...trip, gruppe: 'FAMILIE', kinder: 2 })).toEqual([]);
  });

  it('leaves out a conditionally required field that is irrelevant', () => {
    const answers = { ...trip, gruppe: 'FAMILIE' };
    const problems = stepProblems(step, validate, answers, ['kinder'], {
      data: { reise: answers },
      context: {},
    });
    expect(problems).toEqual([]);
  });
});
