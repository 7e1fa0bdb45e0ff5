import { describe, expect, it } from 'vitest';
import {
  initialState,
  offeredOptions,
  transition,
  type WizardDefinition,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';
import { applicationSetup, readDefinitionJson } from '../../support/definitions.ts';

const phv = readDefinitionJson<WizardDefinition>('applications/privathaftpflicht.json');
const cover = phv.steps.find((s) => s.id === 'deckung');

function setupOf(variant: 'customer' | 'agent' | 'advice'): WizardSetup {
  return applicationSetup(phv, variant, {
    brand: 'hfk',
    today: '2026-11-24',
    partnerNummer: '2000103',
  });
}

const run = (setup: WizardSetup, state: WizardState, ...events: WizardEvent[]): WizardState =>
  events.reduce((s, e) => transition(setup, s, e).state, state);
const start = (setup: WizardSetup): WizardState =>
  run(setup, initialState(setup.definition, setup.context['variant']), { type: 'start' });
const family = (familienstand: string, oeffentlicherDienst = false): WizardEvent => ({
  type: 'setPageData',
  page: 'familie',
  data: { familienstand, oeffentlicherDienst },
});

describe('the private liability application as data', () => {
  it('asks the advice step only in the advice variant and the policyholder not of an agent', () => {
    const steps = (variant: 'customer' | 'agent' | 'advice') =>
      start(setupOf(variant)).steps.map((s) => s.id);
    expect(steps('advice')[0]).toBe('beratung');
    expect(steps('customer')[0]).toBe('familie');
    expect(steps('agent')).not.toContain('versicherungsnehmer');
  });

  it('prefills the family status, the sum as a number, the deductible and the covers from the URL', () => {
    const setup = setupOf('customer');
    const state = run(setup, start(setup), {
      type: 'prefill',
      values: {
        familyStatus: 'FAMILIE',
        insuranceSum: '50000000',
        deductible: 'SB_500',
        coverages: 'SCHLUESSELVERLUST,DELIKTUNFAEHIGE_KINDER',
      },
    });
    expect(state.formData['familie']).toEqual({ familienstand: 'FAMILIE' });
    expect(state.formData['deckung']).toEqual({
      versicherungssumme: 50_000_000,
      selbstbeteiligung: 'SB_500',
      bausteine: ['SCHLUESSELVERLUST', 'DELIKTUNFAEHIGE_KINDER'],
    });
  });

  it('asks for the partner of couples and families only', () => {
    const setup = setupOf('customer');
    const stepsFor = (stand: string) =>
      run(setup, start(setup), family(stand)).steps.map((s) => s.id);
    expect(stepsFor('PAAR')).toContain('partner');
    expect(stepsFor('FAMILIE')).toContain('partner');
    expect(stepsFor('SINGLE')).not.toContain('partner');
    expect(stepsFor('ALLEINERZIEHEND')).not.toContain('partner');
  });

  it('offers the children cover with children and the civil service cover to public servants', () => {
    if (!cover) throw new Error('no cover step');
    const offered = (stand: string, oeffentlicherDienst: boolean) =>
      offeredOptions(cover, 'bausteine', {
        data: { familie: { familienstand: stand, oeffentlicherDienst } },
        context: {},
      });
    expect(offered('PAAR', false)).toEqual([
      'SCHLUESSELVERLUST',
      'FORDERUNGSAUSFALL',
      'MIETSACHSCHAEDEN',
    ]);
    expect(offered('ALLEINERZIEHEND', true)).toEqual([
      'SCHLUESSELVERLUST',
      'FORDERUNGSAUSFALL',
      'MIETSACHSCHAEDEN',
      'DELIKTUNFAEHIGE_KINDER',
      'DIENSTHAFTPFLICHT',
    ]);
  });
});
