import { describe, expect, it } from 'vitest';
import {
  initialState,
  quoteRequest,
  transition,
  type WizardDefinition,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';
import { applicationSetup, readDefinitionJson } from '../../support/definitions.ts';

const reise = readDefinitionJson<WizardDefinition>('applications/reise.json');

function travelSetup(variant: 'customer' | 'agent' | 'advice'): WizardSetup {
  return applicationSetup(reise, variant, {
    brand: 'hfk',
    today: '2026-11-24',
    partnerNummer: '2000103',
    extra:
      variant === 'agent'
        ? { customer: { partnerNummer: '2000103', vorname: 'Jonas', nachname: 'Wagner' } }
        : {},
  });
}

const run = (setup: WizardSetup, state: WizardState, ...events: WizardEvent[]): WizardState =>
  events.reduce((s, e) => transition(setup, s, e).state, state);
const start = (setup: WizardSetup): WizardState =>
  run(setup, initialState(setup.definition, setup.context['variant']), { type: 'start' });

const people = {
  personen: [
    { vorname: 'Erika', nachname: 'Mustermann', geburtsdatum: '1980-05-12' },
    { vorname: 'Max', nachname: 'Mustermann', geburtsdatum: '1979-01-02' },
  ],
};

describe('the travel application as data', () => {
  it('asks the advice of the advice variant and of agents, and the policyholder not of an agent', () => {
    const steps = (variant: 'customer' | 'agent' | 'advice') =>
      start(travelSetup(variant)).steps.map((s) => s.id);
    expect(steps('advice').slice(0, 2)).toEqual(['beratung', 'empfehlung']);
    expect(steps('agent').slice(0, 2)).toEqual(['beratung', 'empfehlung']);
    expect(steps('customer')).not.toContain('beratung');
    expect(steps('customer')).toContain('versicherungsnehmer');
    expect(steps('agent')).not.toContain('versicherungsnehmer');
  });

  it('prefills the trip price as a number and the travel group from the URL', () => {
    const setup = travelSetup('customer');
    const state = run(setup, start(setup), {
      type: 'prefill',
      values: { insuranceSum: '2400', travelGroup: 'FAMILIE' },
    });
    expect(state.formData['reise']).toEqual({ reisepreis: 2400, gruppe: 'FAMILIE' });
  });

  it('fills the policyholder from the first traveller and the account holder from the policyholder, until changed', () => {
    const setup = travelSetup('customer');
    let state = run(setup, start(setup), { type: 'setPageData', page: 'reisende', data: people });
    expect(state.formData['versicherungsnehmer']).toMatchObject({
      vorname: 'Erika',
      nachname: 'Mustermann',
    });
    expect(state.formData['bankverbindung']).toEqual({ kontoinhaber: 'Erika Mustermann' });
    expect(state.formData['zahlweise']).toEqual({ zahlweise: 'EINMALIG' });
    state = run(setup, state, {
      type: 'setPageData',
      page: 'bankverbindung',
      data: { kontoinhaber: 'Max Mustermann' },
    });
    state = run(setup, state, {
      type: 'setPageData',
      page: 'versicherungsnehmer',
      data: { ...state.formData['versicherungsnehmer'], vorname: 'Erika Maria' },
    });
    expect(state.formData['bankverbindung']).toEqual({ kontoinhaber: 'Max Mustermann' });
  });

  it('fills an agent’s account holder from the customer, not from a traveller', () => {
    const setup = travelSetup('agent');
    const state = run(setup, start(setup), { type: 'setPageData', page: 'reisende', data: people });
    expect(state.formData['bankverbindung']).toEqual({ kontoinhaber: 'Jonas Wagner' });
  });

  it('sends the live price the answers given so far, from the cover step on', () => {
    const setup = travelSetup('customer');
    const state = run(
      setup,
      start(setup),
      {
        type: 'setPageData',
        page: 'reise',
        data: {
          ziel: 'EUROPA',
          beginn: '2027-01-10',
          ende: '2027-01-20',
          reisepreis: 900,
          gruppe: 'PAAR',
        },
      },
      { type: 'setPageData', page: 'reisende', data: people },
      { type: 'goTo', step: 'deckung' },
    );
    expect(quoteRequest(setup, state)).toMatchObject({
      method: 'POST',
      url: '/api/antrag/reise/beitrag',
      body: { variante: 'customer', marke: 'hfk', antworten: { reisende: people } },
    });
  });
});
