import { describe, expect, it } from 'vitest';
import {
  initialState,
  interpolate,
  transition,
  type WizardDefinition,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';
import { applicationSetup, readDefinitionJson } from '../../support/definitions.ts';
import texts from '../../../definitions/locales/de/betriebshaftpflicht-wechsel.json' with { type: 'json' };

// The change of tariff when the contract has an open change already: the server answers 422
// `vertrag-nicht-moeglich` with a German message naming the open application, and the wizard
// shows that message where the person pressed "Wechsel beantragen", not a generic error page.

const wechsel = readDefinitionJson<WizardDefinition>(
  'applications/betriebshaftpflicht-wechsel.json',
);

const setup: WizardSetup = applicationSetup(wechsel, 'customer', {
  brand: 'andsafe',
  today: '2026-11-24',
  partnerNummer: '2000102',
  extra: { route: { vertragId: 'AS-10000201' } },
});

const atConsents = (): WizardState =>
  [{ type: 'start' }, { type: 'goTo', step: 'einwilligungen' }].reduce(
    (state, event) => transition(setup, state, event as WizardEvent).state,
    initialState(setup.definition, 'customer'),
  );

const MESSAGE =
  'Für diesen Vertrag liegt uns schon ein Antrag vor (Antragsnummer BW-00000001). Solange wir ihn bearbeiten, ist kein weiterer Antrag für diesen Vertrag möglich.';

describe('a change of tariff refused for an open change', () => {
  it('stays at the step and shows the server’s German message in an error box', () => {
    const state = atConsents();
    expect(state.currentStep).toBe('einwilligungen');
    const refused = transition(setup, state, {
      type: 'callFailed',
      status: 422,
      response: { error: 'vertrag-nicht-moeglich', message: MESSAGE },
    });
    expect(refused.state.currentStep).toBe('einwilligungen');
    expect(refused.state.applicationSent).toBe(false);
    expect(refused.effects).toEqual([
      {
        type: 'feedback',
        feedback: {
          fieldErrors: {},
          infoBox: {
            tone: 'error',
            headlineKey: 'Consents.refusedHeadline',
            textKey: 'Consents.refusedText',
            values: { fehlermeldung: MESSAGE },
          },
        },
      },
    ]);
    expect(texts.Consents.refusedHeadline).toBe('Der Wechsel kann nicht beantragt werden');
    expect(interpolate(texts.Consents.refusedText, { fehlermeldung: MESSAGE })).toBe(MESSAGE);
  });

  it('still leaves for the error page on any other failure', () => {
    const broken = transition(setup, atConsents(), {
      type: 'callFailed',
      status: 500,
      response: null,
    });
    expect(broken.effects).toContainEqual({ type: 'leave', path: '/antrag/fehler' });
  });
});
