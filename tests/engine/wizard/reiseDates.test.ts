import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepProblems, type WizardDefinition } from '../../../engine/index.ts';
import { createAjv } from '../../../engine/validation/createAjv.ts';
import { validationRuntime } from '../../../engine/validation/index.ts';
import { readDefinitionJson } from '../../support/definitions.ts';

// The trip's dates as the real travel application (definitions/applications/reise.json) checks
// them, not a copy: the end lies after the start (a trip ending on its first day is refused) and
// at most 365 days after it; the start lies 1 to 540 days ahead.

const reise = readDefinitionJson<WizardDefinition>('applications/reise.json');
const found = reise.steps.find((s) => s.id === 'reise');
if (!found?.form) throw new Error('reise.json has no trip step with a form');
const step = found;
const validate = createAjv().compile(found.form.schema);

const clock = validationRuntime.now;
beforeAll(() => {
  validationRuntime.now = () => new Date('2026-11-28T12:00:00');
});
afterAll(() => {
  validationRuntime.now = clock;
});

/** The problems of the trip step as [field, first message key]. */
function problemsOf(answers: Record<string, unknown>): [string, string | undefined][] {
  return stepProblems(step, validate, answers, [], {
    data: { reise: answers },
    context: { today: '2026-11-28' },
  }).map((p) => [p.path, p.keys[0]]);
}

const trip = {
  ziel: 'EUROPA',
  beginn: '2027-03-01',
  ende: '2027-03-15',
  reisepreis: 1800,
  gruppe: 'PAAR',
};

describe('the dates of a trip in the travel application', () => {
  it('accepts a trip whose end follows its start', () => {
    expect(problemsOf(trip)).toEqual([]);
    expect(problemsOf({ ...trip, ende: '2027-03-02' })).toEqual([]);
  });

  it('refuses an end on or before the start, at the end field', () => {
    expect(problemsOf({ ...trip, ende: trip.beginn })).toEqual([['ende', 'Trip.ende.afterStart']]);
    expect(problemsOf({ ...trip, ende: '2027-02-28' })).toEqual([['ende', 'Trip.ende.afterStart']]);
  });

  it('refuses a trip of more than 365 days', () => {
    expect(problemsOf({ ...trip, ende: '2028-02-29' })).toEqual([]);
    expect(problemsOf({ ...trip, ende: '2028-03-01' })).toEqual([
      ['ende', 'Trip.ende.atMostOneYear'],
    ]);
  });
});
