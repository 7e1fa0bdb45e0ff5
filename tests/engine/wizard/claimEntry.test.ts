import { describe, expect, it } from 'vitest';
import {
  initialState,
  transition,
  type WizardEffect,
  type WizardState,
} from '../../../engine/index.ts';
import { claimSetup } from '../../support/definitions.ts';

type Setup = ReturnType<typeof claimSetup>;
const run = (
  setup: Setup,
  state: WizardState,
  ...events: Parameters<typeof transition>[2][]
): WizardState => events.reduce((s, e) => transition(setup, s, e).state, state);
const start = (setup: Setup): WizardState =>
  run(setup, initialState(setup.definition), { type: 'start' });
const contract = {
  contractId: ' HFK-PHV-1001 ',
  customerLastname: 'Müller',
  customerDateOfBirth: '1980-04-12',
};

function atContractStep(setup: Setup, productType?: string): WizardState {
  let state = start(setup);
  if (productType)
    state = run(setup, state, {
      type: 'setPageData',
      page: 'produkt-auswahl',
      data: { productType },
    });
  while (state.currentStep !== 'vertrags-und-kontaktdaten')
    state = run(setup, state, { type: 'next' });
  return run(setup, state, {
    type: 'setPageData',
    page: 'vertrags-und-kontaktdaten',
    data: contract,
  });
}

function submit(setup: Setup, state: WizardState): WizardEffect[] {
  return transition(setup, state, { type: 'next' }).effects;
}

describe('claim entry steps', () => {
  it('shows the product choice only for brand hfk', () => {
    expect(start(claimSetup('hfk')).steps.map((s) => s.id)).toEqual([
      'produkt-auswahl',
      'start',
      'vertrags-und-kontaktdaten',
    ]);
    expect(start(claimSetup('andsafe')).steps.map((s) => s.id)).toEqual([
      'start',
      'vertrags-und-kontaktdaten',
    ]);
  });

  it('skips the start step for BHV and shows the BHV explanation for hfk', () => {
    const setup = claimSetup('hfk');
    const state = run(setup, start(setup), {
      type: 'setPageData',
      page: 'produkt-auswahl',
      data: { productType: 'BHV' },
    });
    expect(state.steps.map((s) => s.id)).toEqual([
      'produkt-auswahl',
      'erklaerung-bhv',
      'vertrags-und-kontaktdaten',
    ]);
    expect(run(setup, state, { type: 'next' }).currentStep).toBe('erklaerung-bhv');
  });

  it('keeps the answers of every step while moving back and forth', () => {
    const setup = claimSetup('hfk');
    const state = atContractStep(setup, 'PHV');
    const back = run(setup, state, { type: 'previous' }, { type: 'previous' });
    expect(back.currentStep).toBe('produkt-auswahl');
    expect(back.formData['vertrags-und-kontaktdaten']).toEqual(contract);
  });
});

describe('claim entry submit', () => {
  it('calls the look-up with the Custom credential of contract id, last name and date', () => {
    const setup = claimSetup('hfk');
    const [effect] = submit(setup, atContractStep(setup, 'PHV'));
    expect(effect?.type).toBe('call');
    if (effect?.type !== 'call') return;
    expect(effect.request).toMatchObject({
      method: 'GET',
      url: '/api/schadenmeldung/vertrag?marke=hfk',
      auth: 'custom',
    });
    const header = effect.request.headers['Authorization'] ?? '';
    expect(header.startsWith('Custom ')).toBe(true);
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(header.slice(7)), (c) => c.charCodeAt(0)),
    );
    expect(decoded).toBe('HFK-PHV-1001:Müller:1980-04-12');
  });

  it('forwards to the claim app of the product in the answer, with the token and the steps done', () => {
    const setup = claimSetup('hfk');
    const state = atContractStep(setup, 'PHV');
    const result = transition(setup, state, {
      type: 'callSucceeded',
      status: 200,
      response: { versicherung: 'PHV', token: 'abc' },
    });
    expect(result.effects).toEqual([
      // hfk: product choice, start, contract data: the claim app goes on with step 4.
      {
        type: 'forward',
        url: 'http://localhost:4610/schaden-melden/phv/0?token=abc&brand=hfk&schritte=3',
      },
    ]);
    expect(result.state.formData).toEqual({});
  });

  it('forwards household claims to the household claim app', () => {
    const setup = claimSetup('andsafe');
    const result = transition(setup, atContractStep(setup), {
      type: 'callSucceeded',
      status: 200,
      response: { versicherung: 'HAUSRAT', token: 't' },
    });
    expect(result.effects).toEqual([
      {
        type: 'forward',
        // andsafe has no product choice: start and contract data.
        url: 'http://localhost:4620/schaden-melden/hausrat/0?token=t&brand=andsafe&schritte=2',
      },
    ]);
  });

  it('goes to the error page when the answer names no product', () => {
    const setup = claimSetup('hfk');
    const result = transition(setup, atContractStep(setup, 'PHV'), {
      type: 'callSucceeded',
      status: 200,
      response: {},
    });
    expect(result.effects).toEqual([{ type: 'showPage', page: 'fehler' }]);
  });

  it('goes to the error page when the product has no forward target', () => {
    // Motor vehicle claims are offered by hfk with the flag, but have no claim app here.
    const setup = claimSetup('hfk', { 'enable-vehicle-insurance-claim-report': true });
    const result = transition(setup, atContractStep(setup, 'KFZ'), {
      type: 'callSucceeded',
      status: 200,
      response: { versicherung: 'KFZ', token: 't' },
    });
    expect(result.effects).toEqual([{ type: 'showPage', page: 'fehler' }]);
  });

  it('shows the not-supported page for a product the brand does not offer', () => {
    const setup = claimSetup('andsafe');
    const result = transition(setup, atContractStep(setup), {
      type: 'callSucceeded',
      status: 200,
      response: { versicherung: 'KFZ', token: 't' },
    });
    expect(result.effects).toEqual([{ type: 'showPage', page: 'nicht-unterstuetzt' }]);
  });

  it('marks all three fields, shows the info box and reports when the look-up fails', () => {
    const setup = claimSetup('hfk');
    const state = atContractStep(setup, 'PHV');
    const result = transition(setup, state, { type: 'callFailed', status: 404, response: null });
    expect(result.state).toEqual(state);
    expect(result.effects).toEqual([
      { type: 'report', endpoint: 'claim-lookup', status: 404 },
      {
        type: 'feedback',
        feedback: {
          fieldErrors: { contractId: '', customerLastname: '', customerDateOfBirth: '' },
          infoBox: {
            tone: 'error',
            headlineKey: 'ContractAndContactData.common.errorHeadline',
            textKey: 'ContractAndContactData.common.errorText',
          },
        },
      },
    ]);
  });
});
