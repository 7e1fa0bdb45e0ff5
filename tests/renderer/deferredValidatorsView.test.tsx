// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKey, Wizard, WizardController } from '../../renderer/index.ts';
import { applicationSetup } from '../support/definitions.ts';
import { validatorLoaders } from '../../generated/validators/index.ts';
import type { WizardDefinition } from '../../engine/index.ts';
import { fakeServices, loadGeneratedFlow, setupTexts } from './support.tsx';

const loaders = validatorLoaders['fahrrad'];
if (!loaders?.phone) throw new Error('the bike flow has no phone module');
const phoneModule = loaders.phone;
let bike: WizardDefinition;

beforeAll(async () => {
  await setupTexts('fahrrad');
  ({ definition: bike } = await loadGeneratedFlow('fahrrad'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a telephone step whose validators cannot be loaded', () => {
  it('shows the loading note, then says the step cannot be loaded and loads it on "Erneut versuchen"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { services, storage } = fakeServices();
    const setup = applicationSetup(bike, 'customer', {
      brand: 'andsafe',
      today: '2025-06-15',
      partnerNummer: '',
    });
    const steps = bike.steps.map(({ id }) => ({ id }));
    storage.set(
      storageKey('fahrrad', bike.version, { variant: 'customer' }),
      JSON.stringify({
        productName: 'FAHRRAD',
        productIdentifier: 'FAHRRAD',
        baseRoute: '/antrag/fahrrad',
        steps,
        currentStep: 'person',
        formData: {},
        irrelevantKeys: {},
        applicationResult: null,
        applicationSent: false,
        prefilled: false,
      }),
    );
    let online = false;
    const load = vi.fn(() =>
      online ? phoneModule.load() : Promise.reject(new TypeError('Failed to fetch')),
    );
    const validators = await loaders.load();
    render(
      <Wizard
        setup={setup}
        validators={validators}
        deferredValidators={{ steps: phoneModule.steps, load }}
        services={services}
        segment="person"
        fileLimits={{ maxSizeBytes: 1000, maxCount: 1 }}
      />,
    );
    expect(screen.getByText('Wird geladen …')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5000);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dieser Schritt kann gerade nicht geladen werden.');
    expect(alert.textContent).toContain('Ihre Angaben bleiben erhalten.');
    online = true;
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('textbox', { name: /Telefon/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a link into the flow', () => {
  it('makes the step it names current when the wizard is made, before anything renders', async () => {
    const { services } = fakeServices();
    const setup = applicationSetup(bike, 'customer', {
      brand: 'andsafe',
      today: '2025-06-15',
      partnerNummer: '',
    });
    expect(bike.steps[0]?.id).not.toBe('person');
    const controller = new WizardController(
      setup,
      await loaders.load(),
      { ...services, currentSegment: () => 'person' },
      undefined,
      { steps: phoneModule.steps, load: phoneModule.load },
    );
    expect(controller.state.currentStep).toBe('person');
    // The telephone step waits for its validators: the loading note shows, not another step.
    expect(controller.store.get(controller.waiting)).toBe(true);
    expect(services.navigate).not.toHaveBeenCalled();
  });
});
