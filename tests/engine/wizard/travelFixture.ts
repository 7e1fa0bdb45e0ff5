import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../../engine/validation/createAjv.ts';
import type { WizardDefinition } from '../../../engine/definition/types.ts';
import {
  initialState,
  transition,
  type WizardEvent,
  type WizardSetup,
} from '../../../engine/wizard/transition.ts';
import type { WizardState } from '../../../engine/wizard/state.ts';

/**
 * A small travel flow using every form feature: a trip with dates that must follow each other
 * (constraints) and a field required only for families (requiredWhen), a list of travellers
 * whose count follows the travel group (itemCounts), and a policyholder filled from the first
 * traveller (derive) with a payment period fixed to EINMALIG (readOnly).
 */
export const travel = {
  id: 'reise-test',
  version: 1,
  kind: 'claim',
  brands: ['andsafe'],
  roles: ['claimant'],
  baseRoute: '/reise-test',
  i18nNamespace: 'reise-test',
  titleKey: 'title',
  steps: [
    {
      id: 'reise',
      i18nPrefix: 'Trip',
      form: {
        schema: {
          type: 'object',
          properties: {
            beginn: { type: 'string', format: 'date' },
            ende: { type: 'string', format: 'date' },
            gruppe: { type: 'string', enum: ['EINZEL', 'PAAR', 'FAMILIE'] },
            kinder: { type: 'integer', minimum: 1 },
          },
          required: ['beginn', 'ende', 'gruppe'],
        },
        requiredWhen: { kinder: { '==': [{ var: 'data.reise.gruppe' }, 'FAMILIE'] } },
        constraints: [
          {
            field: 'ende',
            rule: { '<': [{ var: 'data.reise.beginn' }, { var: 'data.reise.ende' }] },
            messageKey: 'Trip.ende.afterStart',
          },
          {
            field: 'ende',
            rule: {
              '<=': [
                { daysBetween: [{ var: 'data.reise.beginn' }, { var: 'data.reise.ende' }] },
                365,
              ],
            },
            messageKey: 'Trip.ende.atMostOneYear',
          },
        ],
      },
    },
    {
      id: 'reisende',
      i18nPrefix: 'Travellers',
      form: {
        schema: {
          type: 'object',
          properties: {
            personen: {
              type: 'array',
              minItems: 1,
              maxItems: 6,
              items: {
                type: 'object',
                properties: {
                  vorname: { type: 'string' },
                  geburtsdatum: { type: 'string', format: 'date' },
                  anrede: { type: 'string', enum: ['HERR', 'FRAU'] },
                },
                required: ['vorname', 'geburtsdatum'],
              },
            },
          },
          required: ['personen'],
        },
        uiSchema: {
          personen: {
            items: { geburtsdatum: { 'ui:widget': 'date' }, anrede: { 'ui:widget': 'radio' } },
          },
        },
        itemCounts: {
          personen: {
            min: { if: [{ '==': [{ var: 'data.reise.gruppe' }, 'PAAR'] }, 2, 1] },
            max: {
              if: [
                { '==': [{ var: 'data.reise.gruppe' }, 'EINZEL'] },
                1,
                { '==': [{ var: 'data.reise.gruppe' }, 'PAAR'] },
                2,
                6,
              ],
            },
          },
        },
      },
    },
    {
      id: 'nehmer',
      i18nPrefix: 'Holder',
      form: {
        schema: {
          type: 'object',
          properties: {
            vorname: { type: 'string' },
            zahlweise: {
              type: 'string',
              enum: ['EINMALIG', 'JAEHRLICH'],
              readOnly: true,
              const: 'EINMALIG',
            },
            reisende: { type: 'integer', readOnly: true },
          },
          required: ['vorname'],
        },
        derive: {
          vorname: { var: 'data.reisende.personen.0.vorname' },
          reisende: { var: 'data.reisende.personen.length' },
        },
      },
    },
  ],
} as unknown as WizardDefinition;

/** The German texts of the travel flow. */
export const travelTexts = {
  title: 'Reise melden',
  Trip: {
    title: 'Ihre Reise',
    beginn: { label: 'Reisebeginn' },
    ende: {
      label: 'Reiseende',
      afterStart: 'Das Reiseende muss nach dem Reisebeginn liegen.',
      atMostOneYear: 'Eine Reise darf höchstens 365 Tage dauern.',
    },
    gruppe: {
      label: 'Wer reist?',
      options: { EINZEL: 'Ich allein', PAAR: 'Wir zu zweit', FAMILIE: 'Die Familie' },
    },
    kinder: { label: 'Anzahl der Kinder', required: 'Bitte geben Sie die Anzahl der Kinder an.' },
  },
  Travellers: {
    title: 'Reisende',
    personen: {
      label: 'Versicherte Personen',
      item: 'Person {{nummer}}',
      add: 'Person hinzufügen',
      remove: 'Person {{nummer}} entfernen',
      maxItems: 'Für diese Reisegruppe können Sie höchstens {{limit}} Personen versichern.',
      vorname: { label: 'Vorname', required: 'Bitte geben Sie einen Vornamen an.' },
      geburtsdatum: {
        label: 'Geburtsdatum',
        required: 'Bitte geben Sie ein Geburtsdatum an.',
        format: 'Bitte geben Sie ein gültiges Geburtsdatum an.',
      },
      anrede: { label: 'Anrede', options: { HERR: 'Herr', FRAU: 'Frau' } },
    },
  },
  Holder: {
    title: 'Versicherungsnehmer',
    vorname: { label: 'Vorname' },
    zahlweise: { label: 'Zahlweise', options: { EINMALIG: 'Einmalig', JAEHRLICH: 'Jährlich' } },
    reisende: { label: 'Anzahl der Reisenden' },
  },
};

/** The travel flow's setup with a plain context. */
export const travelSetup: WizardSetup = {
  definition: travel,
  endpoints: {},
  context: { brand: 'andsafe', environment: 'localhost', role: 'claimant', flags: {} },
};

/** Validators of the travel flow's steps, compiled with the platform's ajv. */
export function travelValidators(): Record<string, ValidateFunction> {
  const ajv = createAjv();
  return Object.fromEntries(
    travel.steps.map((step) => [step.id, ajv.compile(step.form?.schema ?? {})]),
  );
}

/** Runs events from the started state of the travel flow. */
export function runTravel(...events: WizardEvent[]): WizardState {
  const started = transition(travelSetup, initialState(travel), { type: 'start' }).state;
  return events.reduce((state, event) => transition(travelSetup, state, event).state, started);
}

/** The step of the travel flow with this id. */
export function travelStep(id: string) {
  const step = travel.steps.find((s) => s.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
}
