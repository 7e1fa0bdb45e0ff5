import { describe, expect, it } from 'vitest';
import {
  initialState,
  ruleHolds,
  transition,
  visibleSteps,
  type WizardDefinition,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';
import { applicationSetup, readDefinitionJson } from '../../support/definitions.ts';

// The business lines as data: what the URL brings lands in the shared business step and in the
// cover choices of each product, and the variants show their own steps.

const vh = readDefinitionJson<WizardDefinition>('applications/inhaltsversicherung.json');
const allRisk = readDefinitionJson<WizardDefinition>('applications/inhalt-allgefahren.json');
const vsh = readDefinitionJson<WizardDefinition>('applications/vermoegensschadenhaftpflicht.json');

const options = { brand: 'hfk', today: '2026-11-24', partnerNummer: '2000103' };
const setupOf = (definition: WizardDefinition, variant: 'customer' | 'agent' | 'advice') =>
  applicationSetup(definition, variant, options);

function started(setup: WizardSetup, ...events: WizardEvent[]): WizardState {
  const variant = setup.context['variant'] as string;
  return [{ type: 'start' } as WizardEvent, ...events].reduce(
    (state, event) => transition(setup, state, event).state,
    initialState(setup.definition, variant),
  );
}

const stepIds = (setup: WizardSetup, state: WizardState) =>
  visibleSteps(setup.definition, { data: state.formData, context: setup.context }).map(
    (step) => step.id,
  );

describe('the business lines as data', () => {
  it('takes the main and an additional trade, the turnover and the options of the URL', () => {
    const setup = setupOf(vh, 'customer');
    const state = started(setup, {
      type: 'prefill',
      values: {
        mainBusiness: 'Buchhandlung',
        additionalBusiness: 'Kiosk',
        turnover: '300000',
        insuranceSum: '50000',
        deductible: 'SB_500',
        // A partner page may name covers of other lines: only this flow's options are taken.
        coverages: 'BUEROHAFTPFLICHT,ELEMENTAR,PHV',
      },
    });
    expect(state.prefilled).toBe(true);
    expect(state.formData['betrieb']).toEqual({
      hauptgewerbe: 'Buchhandlung',
      nebengewerbe: [{ gewerbe: 'Kiosk' }],
      jahresumsatz: 300000,
    });
    expect(state.formData['inhalt']).toEqual({
      versicherungssumme: 50000,
      selbstbeteiligung: 'SB_500',
    });
    expect(state.formData['bausteine']).toEqual({ zusatzbausteine: ['BUEROHAFTPFLICHT', 'PHV'] });
  });

  it('puts the business residence of the property contents at the premises and fixes the product', () => {
    const setup = setupOf(allRisk, 'customer');
    const state = started(setup, {
      type: 'prefill',
      values: { businessResidence: '24103', coverages: ['FEUER', 'EINFACHER_DIEBSTAHL'] },
    });
    expect(state.formData['betriebsstaette']).toEqual({ plz: '24103' });
    // All-risk covers fire anyway: of the list only its own extension is taken.
    expect(state.formData['gefahren']).toEqual({ deckungen: ['EINFACHER_DIEBSTAHL'] });
    expect(state.formData['inhalt']).toEqual({ produkt: 'SI_ALLGEFAHREN' });
  });

  it('asks for the needs and the decision in the advice and agent variants, for the policyholder not of an agent', () => {
    const steps = (variant: 'customer' | 'agent' | 'advice') => {
      const setup = setupOf(vsh, variant);
      return stepIds(setup, started(setup));
    };
    expect(steps('customer')).toEqual([
      'betrieb',
      'taetigkeit',
      'deckung',
      'risiko',
      'versicherungsnehmer',
      'beginn',
      'zahlweise',
      'bankverbindung',
      'zusammenfassung',
      'einwilligungen',
    ]);
    expect(steps('advice').slice(0, 3)).toEqual(['beratung', 'empfehlung', 'betrieb']);
    expect(steps('agent').slice(0, 3)).toEqual(['beratung', 'empfehlung', 'betrieb']);
    expect(steps('agent')).not.toContain('versicherungsnehmer');
  });

  it('links the mixed-operation side letter only for a business with additional trades', () => {
    const setup = setupOf(allRisk, 'customer');
    const sideLetter = (betrieb: Record<string, unknown>) => {
      const consents = setup.definition.steps.find((step) => step.id === 'einwilligungen');
      const block = consents?.content?.find((c) => c.type === 'links');
      const links = (block?.type === 'links' ? block.links : undefined) ?? [];
      return links
        .filter(
          (link) =>
            !link.visibleWhen ||
            ruleHolds(link.visibleWhen, { data: { betrieb }, context: setup.context }),
        )
        .map((link) => link.params?.['name'] ?? link.params?.['code']);
    };
    expect(sideLetter({ hauptgewerbe: 'Café' })).toEqual(['SI_ALLGEFAHREN', 'nutzungsbedingungen']);
    expect(sideLetter({ hauptgewerbe: 'Café', nebengewerbe: [] })).not.toContain(
      'nebenabrede-mischbetrieb',
    );
    expect(sideLetter({ hauptgewerbe: 'Café', nebengewerbe: [{ gewerbe: 'Kiosk' }] })).toEqual([
      'SI_ALLGEFAHREN',
      'nutzungsbedingungen',
      'nebenabrede-mischbetrieb',
    ]);
  });
});
