import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { ValidateFunction } from 'ajv';
import type { WizardDefinition, WizardSetup, WizardState } from '../../engine/index.ts';
import { storageKey, WizardController, type DeferredValidators } from '../../renderer/index.ts';
import { LOAD_ATTEMPTS, RETRY_DELAY_MS } from '../../renderer/store/stepModules.ts';
import { validatorLoaders } from '../../generated/validators/index.ts';
import { fakeServices } from './support.tsx';
import { applicationSetup } from '../support/definitions.ts';

const bike = JSON.parse(
  readFileSync('generated/definitions/fahrrad.json', 'utf8'),
) as WizardDefinition;
const loaders = validatorLoaders['fahrrad'];
if (!loaders?.phone) throw new Error('the bike flow has no phone module');
const phoneModule = loaders.phone;
const base = await loaders.load();

const setupOf = (definition: WizardDefinition): WizardSetup =>
  applicationSetup(definition, 'customer', {
    brand: 'andsafe',
    today: '2025-06-15',
    partnerNummer: '',
  });

/** The telephone steps' validators, loaded when the test says so. */
function deferred(): DeferredValidators & { release: () => Promise<void> } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async (): Promise<Record<string, ValidateFunction>> => {
    await gate;
    return phoneModule.load();
  });
  return {
    steps: phoneModule.steps,
    load,
    release: async () => {
      release();
      await load.mock.results[0]?.value;
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const person = {
  anrede: 'FRAU',
  vorname: 'Erika',
  nachname: 'Mustermann',
  geburtsdatum: '1980-05-12',
  email: 'erika.mustermann@beispiel.example',
  telefon: '123',
};

/** A tab state of the bike flow saved on `currentStep`. */
function tabState(currentStep: string, definition = bike): WizardState {
  return {
    productName: 'FAHRRAD',
    productIdentifier: 'FAHRRAD',
    baseRoute: '/antrag/fahrrad',
    steps: definition.steps.map(({ id }) => ({ id })),
    currentStep,
    formData: { person },
    irrelevantKeys: {},
    applicationResult: null,
    applicationSent: false,
    prefilled: false,
  };
}

describe('validators of telephone steps, loaded when the user reaches them', () => {
  it('does not load them for a start on the first step', () => {
    const { services } = fakeServices();
    const later = deferred();
    const controller = new WizardController(setupOf(bike), base, services, undefined, later);
    expect(controller.state.currentStep).toBe('fahrrad');
    expect(later.load).not.toHaveBeenCalled();
    expect(controller.store.get(controller.waiting)).toBe(false);
  });

  it('waits for them when a saved tab opens on the telephone step, then checks the number', async () => {
    const { services, storage } = fakeServices();
    storage.set(
      storageKey('fahrrad', bike.version, { variant: 'customer' }),
      JSON.stringify(tabState('person')),
    );
    const later = deferred();
    const controller = new WizardController(setupOf(bike), base, services, undefined, later);
    expect(controller.state.currentStep).toBe('person');
    expect(controller.store.get(controller.waiting)).toBe(true);
    expect(later.load).toHaveBeenCalledTimes(1);
    const next = controller.next();
    await later.release();
    await expect(next).resolves.toBe('invalid');
    expect(controller.store.get(controller.waiting)).toBe(false);
    expect(Object.keys(controller.revalidate('person'))).toEqual(['telefon']);
    controller.setField('person', 'telefon', '+4915112345678');
    expect(controller.revalidate('person')).toEqual({});
    expect(later.load).toHaveBeenCalledTimes(1);
  });

  it('gives up after three failed loads, says so, and loads them again when the user asks', async () => {
    vi.useFakeTimers();
    try {
      const { services, storage } = fakeServices();
      storage.set(
        storageKey('fahrrad', bike.version, { variant: 'customer' }),
        JSON.stringify(tabState('person')),
      );
      let online = false;
      const load = vi.fn(() =>
        online ? phoneModule.load() : Promise.reject(new TypeError('Failed to fetch')),
      );
      const later = { steps: phoneModule.steps, load };
      const controller = new WizardController(setupOf(bike), base, services, undefined, later);
      expect(controller.store.get(controller.waiting)).toBe(true);
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 2);
      expect(load).toHaveBeenCalledTimes(LOAD_ATTEMPTS);
      expect(controller.store.get(controller.waitingFailed)).toBe(true);
      // No more tries of its own once it said so.
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);
      expect(load).toHaveBeenCalledTimes(LOAD_ATTEMPTS);
      online = true;
      controller.retryStep();
      expect(controller.store.get(controller.waitingFailed)).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      expect(controller.store.get(controller.waiting)).toBe(false);
      expect(controller.state.formData['person']?.['telefon']).toBe('123');
      expect(Object.keys(controller.revalidate('person'))).toEqual(['telefon']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('chooses the step to open of migrated answers only once they are loaded', async () => {
    const { services, storage } = fakeServices();
    const v2 = {
      ...bike,
      version: bike.version + 1,
      migrations: [
        ...(bike.migrations ?? []),
        { from: bike.version, to: bike.version + 1, changes: [] },
      ],
    } as WizardDefinition;
    const saved = {
      ...tabState('zahlweise'),
      formData: {
        ...tabState('zahlweise').formData,
        beratung: { nutzung: 'PENDELN', abstellort: 'KELLER', reparaturWichtig: true },
        empfehlung: { entscheidung: 'EMPFEHLUNG' },
        fahrrad: {
          hersteller: 'Cube',
          typ: 'CITYBIKE',
          rahmennummer: 'WCU-2024-0815',
          kaufpreis: 1500,
          kaufdatum: '2025-03-01',
        },
        deckung: { reparatur: false, schutzbrief: true },
      },
    };
    storage.set(
      storageKey('fahrrad', bike.version, { variant: 'customer' }),
      JSON.stringify(saved),
    );
    const later = deferred();
    const controller = new WizardController(setupOf(v2), base, services, undefined, later);
    controller.openSegment(undefined);
    expect(controller.store.get(controller.waiting)).toBe(true);
    await later.release();
    expect(controller.state.currentStep).toBe('person');
    expect(controller.store.get(controller.waiting)).toBe(false);
    expect(services.navigate).toHaveBeenLastCalledWith('person', { replace: true });
  });
});
