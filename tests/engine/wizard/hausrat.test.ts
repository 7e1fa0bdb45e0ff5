import { describe, expect, it } from 'vitest';
import {
  initialState,
  transition,
  type WizardDefinition,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';
import { applicationSetup, readDefinitionJson } from '../../support/definitions.ts';

const hausrat = readDefinitionJson<WizardDefinition>('applications/hausrat.json');
const setup: WizardSetup = applicationSetup(hausrat, 'customer', {
  brand: 'hfk',
  today: '2026-11-24',
  partnerNummer: '2000103',
});

const run = (state: WizardState, ...events: WizardEvent[]): WizardState =>
  events.reduce((s, e) => transition(setup, s, e).state, state);
const start = (): WizardState => run(initialState(hausrat, 'customer'), { type: 'start' });
const home = (wohnflaeche: number): WizardEvent => ({
  type: 'setPageData',
  page: 'wohnung',
  data: { wohnflaeche, gebaeudeart: 'MEHRFAMILIENHAUS', etage: 'OBERGESCHOSS' },
});

describe('the household contents application as data', () => {
  it('suggests 650 € per m² as the sum and follows the living space until the sum is changed', () => {
    let state = run(start(), home(80));
    expect(state.formData['deckung']).toEqual({ versicherungssumme: 52_000 });
    state = run(state, home(90));
    expect(state.formData['deckung']).toEqual({ versicherungssumme: 58_500 });
    state = run(state, {
      type: 'setPageData',
      page: 'deckung',
      data: { versicherungssumme: 60_000 },
    });
    state = run(state, home(100));
    expect(state.formData['deckung']).toEqual({ versicherungssumme: 60_000 });
  });

  it('keeps a sum from the URL over the suggestion, and takes the postcode and living space', () => {
    const state = run(start(), {
      type: 'prefill',
      values: {
        residence: '24103',
        livingSpace: '80',
        insuranceSum: '50000',
        deductible: 'SB_250',
      },
    });
    expect(state.formData['adresse']).toEqual({ plz: '24103' });
    expect(state.formData['wohnung']).toEqual({ wohnflaeche: 80 });
    expect(state.formData['deckung']).toEqual({
      versicherungssumme: 50_000,
      selbstbeteiligung: 'SB_250',
    });
  });
});
