import { describe, expect, it } from 'vitest';
import {
  contextLoads,
  draftOffered,
  draftRequest,
  draftToRestore,
  initialState,
  quoteRequest,
  quoteShownOn,
  summarySections,
  transition,
  type WizardDefinition,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';
import { applicationSetup, endpoints, readDefinitionJson } from '../../support/definitions.ts';

const fahrrad = readDefinitionJson<WizardDefinition>('applications/fahrrad.json');

function bikeSetup(
  variant: 'customer' | 'agent' | 'advice',
  extra: Record<string, unknown> = {},
): WizardSetup {
  return applicationSetup(fahrrad, variant, {
    brand: 'andsafe',
    today: '2026-11-22',
    partnerNummer: '2000101',
    extra,
  });
}

const run = (setup: WizardSetup, state: WizardState, ...events: WizardEvent[]): WizardState =>
  events.reduce((s, e) => transition(setup, s, e).state, state);
const start = (setup: WizardSetup): WizardState =>
  run(setup, initialState(setup.definition, setup.context['variant']), { type: 'start' });

/** An agent's or an advice run past the advice and recommendation steps, at the bike step. */
const advised = (setup: WizardSetup): WizardState =>
  run(
    setup,
    start(setup),
    {
      type: 'setPageData',
      page: 'beratung',
      data: { nutzung: 'ALLTAG', abstellort: 'KELLER', reparaturWichtig: false },
    },
    { type: 'next' },
    { type: 'setPageData', page: 'empfehlung', data: { entscheidung: 'EMPFEHLUNG' } },
    { type: 'next' },
  );

const bike = {
  hersteller: 'Riese & Müller',
  typ: 'PEDELEC',
  rahmennummer: 'WRM123456',
  kaufpreis: 3499,
  kaufdatum: '2026-10-01',
};

describe('the bike application in its three variants', () => {
  it('starts each variant at its own route with its own steps', () => {
    const customer = start(bikeSetup('customer'));
    expect(customer.baseRoute).toBe('/antrag/fahrrad');
    expect(customer.steps.map((s) => s.id)).toEqual([
      'fahrrad',
      'deckung',
      'person',
      'risikoort',
      'beginn',
      'zahlweise',
      'bankverbindung',
      'zusammenfassung',
      'einwilligungen',
    ]);
    const advice = start(bikeSetup('advice'));
    expect(advice.baseRoute).toBe('/beratung/fahrrad');
    expect(advice.steps[0]?.id).toBe('beratung');
    const agent = start(bikeSetup('agent'));
    expect(agent.baseRoute).toBe('/vermittler/kunde/{partnerNummer}/antrag/fahrrad');
    expect(agent.steps.map((s) => s.id)).not.toContain('person');
    // An agent advises too: the needs, the recommendation and the decision come first.
    expect(agent.steps.slice(0, 2).map((s) => s.id)).toEqual(['beratung', 'empfehlung']);
    expect(advice.steps[1]?.id).toBe('empfehlung');
  });

  it('asks the waiver of advice only of customers applying on their own', () => {
    const data = { bedingungen: true, datenschutz: true };
    const customer = run(bikeSetup('customer'), start(bikeSetup('customer')), {
      type: 'setPageData',
      page: 'einwilligungen',
      data,
    });
    expect(customer.irrelevantKeys['einwilligungen']).toBeUndefined();
    const advice = run(bikeSetup('advice'), start(bikeSetup('advice')), {
      type: 'setPageData',
      page: 'einwilligungen',
      data,
    });
    expect(advice.irrelevantKeys['einwilligungen']).toEqual(['beratungsverzicht']);
  });

  it('loads the customer (and a draft to resume) only in the agent variant', () => {
    expect(contextLoads(fahrrad, bikeSetup('customer').context, endpoints)).toEqual([]);
    const loads = contextLoads(
      fahrrad,
      bikeSetup('agent', { entry: { entwurf: '0b5c1a5e-3c1f-4d7e-9d4a-2f7f4b1c9e10' } }).context,
      endpoints,
    );
    expect(loads.map((l) => [l.name, l.request.method, l.request.url, l.request.auth])).toEqual([
      ['customer', 'GET', '/api/vermittler/kunden/2000101', 'bearer'],
      ['draft', 'GET', '/api/vermittler/entwuerfe/0b5c1a5e-3c1f-4d7e-9d4a-2f7f4b1c9e10', 'bearer'],
    ]);
  });

  it('prefills the spec fields, converting the insured sum, and sets the prefilled flag', () => {
    const setup = bikeSetup('customer');
    const state = run(setup, start(setup), {
      type: 'prefill',
      values: {
        insuranceSum: '1500',
        bikeType: 'E_BIKE',
        bikeFrameNumber: 'AB-1234',
        riskLocation: '24103',
      },
    });
    expect(state.prefilled).toBe(true);
    expect(state.formData['fahrrad']).toEqual({
      kaufpreis: 1500,
      typ: 'E_BIKE',
      rahmennummer: 'AB-1234',
    });
    expect(state.formData['risikoort']).toEqual({ plz: '24103' });
  });

  it('prices live only from the cover step on, with the answers given so far', () => {
    const setup = bikeSetup('customer');
    let state = run(setup, start(setup), { type: 'setPageData', page: 'fahrrad', data: bike });
    expect(quoteShownOn(fahrrad, 'fahrrad')).toBe(false);
    expect(quoteRequest(setup, state)).toBeUndefined();
    state = run(
      setup,
      state,
      { type: 'goTo', step: 'deckung' },
      {
        type: 'setPageData',
        page: 'deckung',
        data: { reparatur: true, reparaturOhneVerschleiss: true, schutzbrief: false },
      },
    );
    expect(quoteShownOn(fahrrad, 'einwilligungen')).toBe(true);
    const request = quoteRequest(setup, state);
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/antrag/fahrrad/beitrag',
      auth: 'bearer-optional',
    });
    // The live price sends the answers given so far (no customer: no partnerNummer); the tariff reads what it needs.
    expect(request?.body).toEqual({
      variante: 'customer',
      marke: 'andsafe',

      antworten: {
        fahrrad: { ...bike, kaufpreis: 3499 },
        deckung: { reparatur: true, reparaturOhneVerschleiss: true, schutzbrief: false },
      },
    });
    const withoutRepair = run(setup, state, {
      type: 'setPageData',
      page: 'deckung',
      data: { reparatur: false, reparaturOhneVerschleiss: true, schutzbrief: false },
    });
    // Without repairs the wear-and-tear answer is irrelevant and not sent.
    expect(quoteRequest(setup, withoutRepair)?.body).toMatchObject({
      antworten: { deckung: { reparatur: false, schutzbrief: false } },
    });
    // An answer failing its field's check (a test IBAN on the bank step) is not given yet: left
    // out, so the price still comes; a step left with nothing is left out as a whole.
    const invalid = quoteRequest(setup, state, {
      fahrrad: ['rahmennummer'],
      deckung: ['reparatur', 'reparaturOhneVerschleiss', 'schutzbrief'],
    });
    expect(invalid?.body).toEqual({
      variante: 'customer',
      marke: 'andsafe',
      antworten: {
        fahrrad: {
          hersteller: bike.hersteller,
          typ: bike.typ,
          kaufpreis: 3499,
          kaufdatum: bike.kaufdatum,
        },
      },
    });
  });

  it('leaves for the shared sorry page and tells the parent when the bike is not insurable', () => {
    const setup = bikeSetup('agent');
    const state = run(setup, advised(setup), { type: 'setPageData', page: 'fahrrad', data: bike });
    expect(state.currentStep).toBe('fahrrad');
    const leaving = transition(setup, state, { type: 'next' });
    expect(leaving.effects[0]).toMatchObject({
      type: 'call',
      request: { url: '/api/antrag/fahrrad/beitrag' },
    });
    const { effects } = transition(setup, state, {
      type: 'callSucceeded',
      status: 200,
      response: { versicherbar: false, grund: 'zu teuer', grundFelder: ['fahrrad.kaufpreis'] },
    });
    expect(effects).toEqual([
      {
        type: 'notifyParent',
        command: 'uninsurablePricingResult',
        args: { productName: 'Fahrradversicherung' },
      },
      {
        type: 'leave',
        path: '/antrag/sorry/agent',
        refusal: { reason: 'zu teuer', step: 'fahrrad' },
      },
    ]);
    const insurable = transition(setup, state, {
      type: 'callSucceeded',
      status: 200,
      response: { versicherbar: true },
    });
    expect(insurable.state.currentStep).toBe('deckung');
  });

  it('sends the refusal page back to the first named answer whose step is shown, else to the step left', () => {
    const setup = bikeSetup('customer');
    const state = run(setup, start(setup), { type: 'setPageData', page: 'fahrrad', data: bike });
    const leave = (response: unknown) =>
      transition(setup, state, { type: 'callSucceeded', status: 200, response }).effects.find(
        (effect) => effect.type === 'leave',
      );
    // The start of cover is asked on a later step, before the bike: the order named counts.
    expect(
      leave({
        versicherbar: false,
        grund: 'zu alt',
        grundFelder: ['keinSchritt.feld', 'beginn.versicherungsbeginn', 'fahrrad.kaufdatum'],
      }),
    ).toEqual({
      type: 'leave',
      path: '/antrag/sorry',
      refusal: { reason: 'zu alt', step: 'beginn' },
    });
    expect(leave({ versicherbar: false, grund: 'zu alt' })).toEqual({
      type: 'leave',
      path: '/antrag/sorry',
      refusal: { reason: 'zu alt', step: 'fahrrad' },
    });
    // Without a reason the page has nothing to tell: no refusal.
    expect(leave({ versicherbar: false })).toEqual({ type: 'leave', path: '/antrag/sorry' });
  });

  it('lists the answers of the steps before the summary, without irrelevant or empty ones', () => {
    const setup = bikeSetup('customer');
    const state = run(
      setup,
      start(setup),
      { type: 'setPageData', page: 'fahrrad', data: bike },
      {
        type: 'setPageData',
        page: 'deckung',
        data: { reparatur: false, reparaturOhneVerschleiss: true, schutzbrief: true },
      },
      {
        type: 'setPageData',
        page: 'person',
        data: { vorname: 'Anna', nachname: 'Schmidt', telefon: '' },
      },
    );
    const sections = summarySections(setup, state, 'zusammenfassung');
    expect(sections.map((s) => [s.step.id, s.fields.map((f) => [f.name, f.value])])).toEqual([
      ['fahrrad', Object.entries(bike)],
      [
        'deckung',
        [
          ['reparatur', false],
          ['schutzbrief', true],
        ],
      ],
      [
        'person',
        [
          ['vorname', 'Anna'],
          ['nachname', 'Schmidt'],
        ],
      ],
    ]);
    expect(summarySections(setup, state, 'deckung').map((s) => s.step.id)).toEqual(['fahrrad']);
  });

  it('sends the relevant answers with the variant, customer and draft on submit', () => {
    const setup = bikeSetup('agent', { entry: { entwurf: 'd-1' } });
    let state = run(setup, start(setup), { type: 'setPageData', page: 'fahrrad', data: bike });
    state = run(
      setup,
      state,
      { type: 'goTo', step: 'einwilligungen' },
      {
        type: 'setPageData',
        page: 'einwilligungen',
        data: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
      },
    );
    const [effect] = transition(setup, state, { type: 'next' }).effects;
    expect(effect).toMatchObject({
      type: 'call',
      request: {
        method: 'POST',
        url: '/api/antrag/fahrrad',
        auth: 'bearer-optional',
        body: {
          variante: 'agent',
          partnerNummer: '2000101',
          entwurf: 'd-1',
          antworten: { fahrrad: bike, einwilligungen: { bedingungen: true, datenschutz: true } },
        },
      },
    });
  });

  it('ends with the confirmation and tells the parent, or leaves for the check-failed page', () => {
    const setup = bikeSetup('customer');
    const state = run(setup, start(setup), { type: 'goTo', step: 'einwilligungen' });
    const done = transition(setup, state, {
      type: 'callSucceeded',
      status: 201,
      response: { antragsnummer: 'FA-00000001', beitrag: 7.5 },
    });
    expect(done.state).toMatchObject({ applicationSent: true, formData: {} });
    expect(done.state.applicationResult).toMatchObject({ antragsnummer: 'FA-00000001' });
    expect(done.effects).toEqual([
      {
        type: 'notifyParent',
        command: 'contractConclusion',
        args: { contractId: 'FA-00000001', productName: 'Fahrradversicherung', isCreated: true },
      },
      { type: 'showPage', page: 'bestaetigung' },
    ]);
    const failed = transition(setup, state, {
      type: 'callFailed',
      status: 422,
      response: { error: 'pruefung-fehlgeschlagen' },
    });
    expect(failed.effects).toEqual([{ type: 'leave', path: '/antrag/check-failed' }]);
    const broken = transition(setup, state, { type: 'callFailed', status: 500, response: null });
    expect(broken.effects).toEqual([
      { type: 'report', endpoint: 'application-submit', status: 500 },
      { type: 'leave', path: '/antrag/fehler' },
    ]);
  });

  it("saves an agent's drafts, a public applicant's resume link, and restores a saved draft", () => {
    expect(draftOffered(bikeSetup('advice'))).toBe(false);
    // The public variant offers the resume link by e-mail, with the answers of the person step.
    const publicSetup = bikeSetup('customer');
    const withPerson = run(publicSetup, start(publicSetup), {
      type: 'setPageData',
      page: 'person',
      data: { email: 'a@beispiel.example', geburtsdatum: '1980-05-12' },
    });
    expect(draftRequest(publicSetup, withPerson, 'id-8')).toMatchObject({
      method: 'POST',
      url: '/api/antrag/fahrrad/fortsetzungslink',
      body: { email: 'a@beispiel.example', geburtsdatum: '1980-05-12', version: 1 },
    });
    const setup = bikeSetup('agent');
    const state = run(setup, advised(setup), { type: 'setPageData', page: 'fahrrad', data: bike });
    expect(draftRequest(setup, state, 'id-7')).toMatchObject({
      method: 'PUT',
      url: '/api/vermittler/entwuerfe/id-7',
      body: {
        flow: 'fahrrad',
        version: 1,
        partnerNummer: '2000101',
        zustand: {
          formData: { fahrrad: bike, empfehlung: { entscheidung: 'EMPFEHLUNG' } },
          currentStep: 'fahrrad',
        },
      },
    });
    const saved = draftToRestore({
      draft: {
        id: 'id-7',
        zustand: { formData: { fahrrad: bike, kaputt: 3 }, currentStep: 'risikoort' },
      },
    });
    expect(saved).toEqual({ formData: { fahrrad: bike }, currentStep: 'risikoort' });
    const restored = run(setup, start(setup), {
      type: 'restore',
      ...(saved as NonNullable<typeof saved>),
    });
    expect(restored.currentStep).toBe('risikoort');
    expect(restored.formData['fahrrad']).toEqual(bike);
    expect(draftToRestore({ draft: { id: 'x', zustand: { formData: 'kaputt' } } })).toBeUndefined();
  });
});
