import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { checkFlowAnswers, type ServerFlow } from '../../apps/server/src/flows/flowAnswers.ts';
import { brandMarket, readDefinitionJson } from '../support/definitions.ts';
import { travel, travelTexts, travelValidators } from '../engine/wizard/travelFixture.ts';

const flow: ServerFlow = {
  definition: travel,
  validators: new Map<string, ValidateFunction>(Object.entries(travelValidators())),
  bundles: new Map<string, unknown>([
    ['common', readDefinitionJson('locales/de/common.json')],
    ['reise-test', travelTexts],
  ]),
};

// Checked as for andsafe (German market).
const context = { market: brandMarket('andsafe') };

const answers = {
  reise: { beginn: '2027-03-01', ende: '2027-03-15', gruppe: 'PAAR' },
  reisende: {
    personen: [
      { vorname: 'Erika', geburtsdatum: '1985-03-07' },
      { vorname: 'Max', geburtsdatum: '1984-01-02' },
    ],
  },
  nehmer: { vorname: 'Erika', zahlweise: 'EINMALIG', reisende: 2 },
};

describe('the server check of a flow with lists, constraints, derived and read-only fields', () => {
  it('accepts answers the browser accepts', () => {
    expect(checkFlowAnswers(flow, answers, context)).toMatchObject({ ok: true });
  });

  it('answers the German messages the browser shows, naming the list item', () => {
    const body = {
      ...answers,
      reise: { ...answers.reise, ende: '2027-02-01', gruppe: 'FAMILIE' },
      reisende: { personen: [answers.reisende.personen[0], { vorname: 'Max' }] },
      nehmer: { ...answers.nehmer, zahlweise: 'JAEHRLICH' },
    };
    expect(checkFlowAnswers(flow, body, context)).toMatchObject({
      ok: false,
      fieldErrors: [
        {
          path: '/body/reise/kinder',
          keyword: 'required',
          message: 'Bitte geben Sie die Anzahl der Kinder an.',
        },
        {
          path: '/body/reise/ende',
          keyword: 'afterStart',
          message: 'Das Reiseende muss nach dem Reisebeginn liegen.',
        },
        {
          path: '/body/reisende/personen/1/geburtsdatum',
          keyword: 'required',
          message: 'Person 2: Bitte geben Sie ein Geburtsdatum an.',
        },
        {
          path: '/body/nehmer/zahlweise',
          keyword: 'const',
          message: 'Dieser Wert ist nicht erlaubt.',
        },
      ],
    });
  });

  it('refuses more travellers than the travel group allows, with the limit', () => {
    const person = answers.reisende.personen[0];
    const body = { ...answers, reisende: { personen: [person, person, person] } };
    expect(checkFlowAnswers(flow, body, context)).toMatchObject({
      ok: false,
      fieldErrors: [
        {
          path: '/body/reisende/personen',
          keyword: 'maxItems',
          message: 'Für diese Reisegruppe können Sie höchstens 2 Personen versichern.',
        },
        {
          path: '/body/nehmer/reisende',
          keyword: 'const',
          message: 'Dieser Wert ist nicht erlaubt.',
        },
      ],
    });
  });
});
