import { describe, expect, it } from 'vitest';
import {
  formRuleProblems,
  problemMessage,
  textLookup,
  type FieldProblem,
  type Market,
  type Step,
} from '../../../engine/index.ts';
import { readDefinitionJson } from '../../support/definitions.ts';

// A message with a count says it in the singular for one and in the plural otherwise, as
// i18next's plurals do in the browser (`<key>_one`, `<key>_other`): the server answers the same
// text ("höchstens 1 reisende Person", not "höchstens 1 Reisende").

const bundles = new Map<string, unknown>([
  ['common', readDefinitionJson<Record<string, unknown>>('locales/de/common.json')],
  ['reise', readDefinitionJson<Record<string, unknown>>('locales/de/reise.json')],
]);
const swiss = readDefinitionJson<{ market: Market }>('brands/protect-ch.json').market;
const travel = readDefinitionJson<{ steps: Step[] }>('applications/reise.json');
const travellersStep = travel.steps.find((step) => step.id === 'reisende');
if (!travellersStep) throw new Error('the travel flow has no step reisende');
const travellers: Step = travellersStep;

/** The message of the travellers' count for a travel group and a number of travellers. */
function countMessage(gruppe: string, count: number, market?: Market): string | undefined {
  const personen = Array.from({ length: count }, () => ({ vorname: 'Erika' }));
  const [problem] = formRuleProblems(
    travellers,
    { personen },
    { data: { reise: { gruppe }, reisende: { personen } }, context: {} },
  );
  return problem && problemMessage(problem, textLookup(bundles, 'reise', market));
}

describe('the travellers’ count', () => {
  it('asks for at least one traveller in the singular', () => {
    expect(countMessage('SINGLE', 0)).toBe('Bitte geben Sie mindestens 1 reisende Person an.');
  });

  it('allows at most one traveller in the singular, also in the Swiss market', () => {
    const one = 'Für diese Reisegruppe können Sie höchstens 1 reisende Person angeben.';
    expect(countMessage('SINGLE', 2)).toBe(one);
    expect(countMessage('SINGLE', 2, swiss)).toBe(one);
  });

  it('counts several in the plural', () => {
    expect(countMessage('FAMILIE', 1)).toBe('Bitte geben Sie mindestens 3 Reisende an.');
    expect(countMessage('PAAR', 3)).toBe(
      'Für diese Reisegruppe können Sie höchstens 2 Reisende angeben.',
    );
  });
});

describe('the shared count messages', () => {
  const message = (keyword: string, limit: number): string =>
    problemMessage(
      { path: 'liste', keys: [`common:validation.${keyword}`], values: { limit } } as FieldProblem,
      textLookup(bundles, 'common'),
    );

  it('say one entry in the singular and more in the plural', () => {
    expect(message('minItems', 1)).toBe('Bitte geben Sie mindestens 1 Eintrag an.');
    expect(message('maxItems', 1)).toBe('Bitte geben Sie höchstens 1 Eintrag an.');
    expect(message('minItems', 2)).toBe('Bitte geben Sie mindestens 2 Einträge an.');
    expect(message('maxItems', 0)).toBe('Bitte geben Sie höchstens 0 Einträge an.');
  });
});
