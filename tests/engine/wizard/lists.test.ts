import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  interpolate,
  itemLimits,
  problemMessage,
  stepProblems,
  textLookup,
  type FieldProblem,
} from '../../../engine/index.ts';
import { readDefinitionJson } from '../../support/definitions.ts';
import { travelStep, travelTexts, travelValidators } from './travelFixture.ts';

const validators = travelValidators();
const step = travelStep('reisende');
const common = readDefinitionJson<Record<string, unknown>>('locales/de/common.json');

const problemsOf = (personen: unknown, gruppe?: string): FieldProblem[] =>
  stepProblems(step, validators['reisende'] as ValidateFunction, { personen }, [], {
    data: { reise: gruppe ? { gruppe } : {}, reisende: { personen } },
    context: {},
  });

const texts = textLookup(
  new Map<string, unknown>([
    ['common', common],
    ['reise-test', travelTexts],
  ]),
  'reise-test',
);

describe('item limits of a list', () => {
  it('narrows the schema limits by the itemCounts rules, which read an earlier answer', () => {
    const input = (gruppe: string) => ({ data: { reise: { gruppe } }, context: {} });
    expect(itemLimits(step, 'personen', input('EINZEL'))).toEqual({ min: 1, max: 1 });
    expect(itemLimits(step, 'personen', input('PAAR'))).toEqual({ min: 2, max: 2 });
    expect(itemLimits(step, 'personen', input('FAMILIE'))).toEqual({ min: 1, max: 6 });
  });

  it('keeps the schema limits when a rule computes no number', () => {
    expect(itemLimits(step, 'personen', { data: {}, context: {} })).toEqual({ min: 1, max: 6 });
  });
});

describe('problems of a list', () => {
  const person = { vorname: 'Erika', geburtsdatum: '1985-03-07' };

  it('reports too many items for the travel group with the effective limit', () => {
    expect(problemsOf([person, person, person], 'PAAR')).toEqual([
      {
        path: 'personen',
        keys: ['Travellers.personen.maxItems', 'common:validation.maxItems'],
        values: { limit: 2 },
      },
    ]);
  });

  it('reports too few items against the effective minimum, not the schema one', () => {
    expect(problemsOf([person], 'PAAR')).toEqual([
      {
        path: 'personen',
        keys: ['Travellers.personen.minItems', 'common:validation.minItems'],
        values: { limit: 2 },
      },
    ]);
  });

  it('gives item fields keys without the index and names the item', () => {
    const problems = problemsOf([person, { vorname: 'Max' }, { geburtsdatum: '1990-13-01' }]);
    expect(problems).toEqual([
      {
        path: 'personen.1.geburtsdatum',
        keys: ['Travellers.personen.geburtsdatum.required', 'common:validation.required'],
        values: { missingProperty: 'geburtsdatum' },
        item: { keys: ['Travellers.personen.item', 'common:list.item'], nummer: 2 },
      },
      {
        path: 'personen.2.vorname',
        keys: ['Travellers.personen.vorname.required', 'common:validation.required'],
        values: { missingProperty: 'vorname' },
        item: { keys: ['Travellers.personen.item', 'common:list.item'], nummer: 3 },
      },
      {
        path: 'personen.2.geburtsdatum',
        keys: [
          'Travellers.personen.geburtsdatum.date',
          'common:validation.date',
          'common:validation.format',
        ],
        values: { format: 'date' },
        item: { keys: ['Travellers.personen.item', 'common:list.item'], nummer: 3 },
      },
    ]);
  });
});

describe('the message of a problem', () => {
  it('names the list item before the field message', () => {
    const [problem] = problemsOf([{ vorname: 'Erika' }, { vorname: 'Max' }]).slice(1);
    expect(problem && problemMessage(problem, texts)).toBe(
      'Person 2: Bitte geben Sie ein Geburtsdatum an.',
    );
  });

  it('falls back to the shared item heading and message', () => {
    const problem: FieldProblem = {
      path: 'mitreisende.0.name',
      keys: ['Travellers.mitreisende.name.required', 'common:validation.required'],
      item: { keys: ['Travellers.mitreisende.item', 'common:list.item'], nummer: 1 },
    };
    expect(problemMessage(problem, texts)).toBe('Eintrag 1: Bitte füllen Sie dieses Feld aus.');
  });

  it('fills the limit into a count message', () => {
    const problem = problemsOf([{}, {}, {}], 'PAAR').find((p) => p.path === 'personen');
    expect(problem && problemMessage(problem, texts)).toBe(
      'Für diese Reisegruppe können Sie höchstens 2 Personen versichern.',
    );
    const shared = { ...problem, keys: ['common:validation.minItems'], values: { limit: 3 } };
    expect(problemMessage(shared as FieldProblem, texts)).toBe(
      'Bitte geben Sie mindestens 3 Einträge an.',
    );
  });

  it('says the default error when no key has a text', () => {
    expect(problemMessage({ path: 'x', keys: ['Nope.x.y'] }, texts)).toBe(
      'Leider ist ein Fehler aufgetreten.',
    );
  });
});

describe('interpolate', () => {
  it('fills plain placeholders and keeps unknown ones', () => {
    expect(interpolate('{{a}} und {{ b }} und {{c}}', { a: 1, b: 'zwei' })).toBe(
      '1 und zwei und {{c}}',
    );
  });
});
