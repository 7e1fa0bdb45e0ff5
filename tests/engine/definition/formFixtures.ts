import { errorsOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';
import type { CheckError } from '../../../engine/definition/types.ts';

/** Paths of a small valid flow with a list, constraints, derived and read-only fields. */
export const FORM = 'definitions/claims/reise-test.json';
export const FORM_TEXTS = 'definitions/locales/de/reise-test.json';

/**
 * A small valid flow using every form feature: the trip step (constraints, requiredWhen), the
 * travellers step (a list with itemCounts) and the holder step (derive, read-only), whose call
 * leads to a confirmation page.
 */
export function formDefinition(): JsonObject {
  return {
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
              gruppe: { type: 'string', enum: ['EINZEL', 'FAMILIE'] },
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
                  required: ['vorname'],
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
            personen: { max: { if: [{ '==': [{ var: 'data.reise.gruppe' }, 'EINZEL'] }, 1, 6] } },
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
              zahlweise: { type: 'string', enum: ['EINMALIG'], readOnly: true, const: 'EINMALIG' },
            },
            required: ['vorname'],
          },
          derive: { vorname: { var: 'data.reisende.personen.0.vorname' } },
        },
        onLeave: {
          endpoint: 'contract-type',
          params: { id: { var: 'data.nehmer.vorname' } },
          onSuccess: { go: 'page', page: 'fertig' },
          onFailure: { go: 'stay' },
        },
      },
    ],
    pages: [{ id: 'fertig', kind: 'confirmation', titleKey: 'Done.title', textKey: 'Done.text' }],
  };
}

/** The German texts of the form flow; the list relies on the shared add and remove texts. */
export function formTexts(): JsonObject {
  return {
    title: 'Reise melden',
    Trip: {
      title: 'Ihre Reise',
      beginn: { label: 'Reisebeginn' },
      ende: { label: 'Reiseende', afterStart: 'Das Reiseende muss nach dem Reisebeginn liegen.' },
      gruppe: { label: 'Wer reist?', options: { EINZEL: 'Ich allein', FAMILIE: 'Die Familie' } },
      kinder: { label: 'Anzahl der Kinder' },
    },
    Travellers: {
      title: 'Reisende',
      personen: {
        label: 'Versicherte Personen',
        item: 'Person {{nummer}}',
        vorname: { label: 'Vorname' },
        geburtsdatum: { label: 'Geburtsdatum' },
        anrede: { label: 'Anrede', options: { HERR: 'Herr', FRAU: 'Frau' } },
      },
    },
    Holder: {
      title: 'Versicherungsnehmer',
      vorname: { label: 'Vorname' },
      zahlweise: { label: 'Zahlweise', options: { EINMALIG: 'Einmalig' } },
    },
    Done: { title: 'Fertig', text: 'Wir melden uns.' },
  };
}

/** The form flow's step at an index, to change in place. */
export function formStep(definition: JsonObject, index: number): JsonObject {
  return (definition['steps'] as JsonObject[])[index] as JsonObject;
}

/** The form of the form flow's step at an index, to change in place. */
export function formOfStep(definition: JsonObject, index: number): JsonObject {
  return formStep(definition, index)['form'] as JsonObject;
}

/**
 * The errors of the real files plus the form flow, changed by `change` (and its texts by
 * `changeTexts`; `changeCommon` changes the real common bundle), with the flow's text.
 */
export function checkForm(
  change: (definition: JsonObject) => void = () => undefined,
  changeTexts: (texts: JsonObject) => void = () => undefined,
  changeCommon?: (common: JsonObject) => void,
): { errors: CheckError[]; text: string } {
  const definition = formDefinition();
  change(definition);
  const texts = formTexts();
  changeTexts(texts);
  const text = pretty(definition);
  let files = withFile(FORM, text, withFile(FORM_TEXTS, pretty(texts)));
  if (changeCommon) {
    const common = realJson('definitions/locales/de/common.json');
    changeCommon(common);
    files = withFile('definitions/locales/de/common.json', pretty(common), files);
  }
  return { errors: errorsOf(files), text };
}
