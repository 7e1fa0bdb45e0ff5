// @vitest-environment jsdom
import type { ValidateFunction } from 'ajv';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WizardDefinition } from '../../engine/index.ts';
import { storageKey, Wizard } from '../../renderer/index.ts';
import { applicationSetup } from '../support/definitions.ts';
import { fakeServices, loadGeneratedFlow, setupTexts } from './support.tsx';

// A message with a count is an i18next plural in the browser too: one traveller is "1 reisende
// Person", several are "3 Reisende" (it said "höchstens 1 Reisende").

let travel: WizardDefinition;
let validators: Record<string, ValidateFunction>;
beforeAll(async () => {
  await setupTexts('reise');
  ({ definition: travel, validators } = await loadGeneratedFlow('reise'));
});
afterEach(cleanup);

const person = (vorname: string) => ({
  vorname,
  nachname: 'Mustermann',
  geburtsdatum: '1980-05-12',
});

/** The travellers' step after "Weiter" for a travel group and its travellers: the summary's entries. */
async function countErrors(gruppe: string, names: string[]): Promise<string[]> {
  const { services, storage } = fakeServices();
  storage.set(
    storageKey('reise', travel.version, { variant: 'customer' }),
    JSON.stringify({
      productName: 'REISE',
      productIdentifier: 'REISE',
      baseRoute: '/antrag/reise',
      steps: travel.steps.map(({ id }) => ({ id })),
      currentStep: 'reisende',
      formData: {
        reise: { ziel: 'EUROPA', beginn: '2025-07-01', ende: '2025-07-14', gruppe },
        reisende: { personen: names.map(person) },
      },
      irrelevantKeys: {},
      applicationResult: null,
      applicationSent: false,
      prefilled: false,
    }),
  );
  render(
    <Wizard
      setup={applicationSetup(travel, 'customer', {
        brand: 'andsafe',
        today: '2025-06-15',
        partnerNummer: '',
      })}
      validators={validators}
      services={services}
      segment="reisende"
      fileLimits={{ maxSizeBytes: 1000, maxCount: 1 }}
    />,
  );
  await screen.findByRole('heading', { level: 1, name: 'Wer ist versichert?' });
  await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
  const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
  return within(summary)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the count of travellers', () => {
  it('allows one traveller alone in the singular', async () => {
    expect(await countErrors('SINGLE', ['Erika', 'Max'])).toEqual([
      'Für diese Reisegruppe können Sie höchstens 1 reisende Person angeben.',
    ]);
  });

  it('asks a couple for two travellers in the plural', async () => {
    expect(await countErrors('PAAR', ['Erika'])).toEqual([
      'Bitte geben Sie mindestens 2 Reisende an.',
    ]);
  });
});
