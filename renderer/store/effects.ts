import type { createStore } from 'jotai';
import {
  sendForAnswer,
  type Refusal,
  type WizardEffect,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '#engine';
import type { WizardAtoms } from './atoms.ts';
import type { WizardServices } from './services.ts';

/** What running effects needs of a wizard (the WizardController has it). */
export interface EffectTarget {
  readonly store: ReturnType<typeof createStore>;
  readonly atoms: Pick<WizardAtoms, 'busy' | 'feedback' | 'page'>;
  readonly setup: WizardSetup;
  readonly state: WizardState;
  dispatch(event: WizardEvent): WizardEffect[];
  flush(): void;
  leave(path: string, refusal?: Refusal): void;
}

/**
 * Performs the engine's effects for a wizard: a call (busy meanwhile; its answer goes back into
 * the engine and its effects run in turn), feedback, a report, a frame command, forwarding,
 * leaving, a page; afterwards the URL follows the current step unless the wizard was left or a
 * page shows. `before` is the step shown before the event.
 */
export async function runEffects(
  wizard: EffectTarget,
  services: WizardServices,
  effects: WizardEffect[],
  before: string | null,
): Promise<void> {
  let left = false;
  for (const effect of effects) {
    if (effect.type === 'call') {
      wizard.store.set(wizard.atoms.busy, true);
      wizard.store.set(wizard.atoms.feedback, null);
      const result = await sendForAnswer(services.transport, effect.request);
      wizard.store.set(wizard.atoms.busy, false);
      const outcome = wizard.dispatch(
        result.ok
          ? { type: 'callSucceeded', status: result.status, response: result.body }
          : { type: 'callFailed', status: result.status, response: result.body },
      );
      await runEffects(wizard, services, outcome, before);
      return;
    }
    if (effect.type === 'feedback') wizard.store.set(wizard.atoms.feedback, effect.feedback);
    if (effect.type === 'report')
      services.report({
        definition: wizard.setup.definition.id,
        endpoint: effect.endpoint,
        status: effect.status,
      });
    if (effect.type === 'notifyParent') services.notifyParent?.(effect.command, effect.args);
    if (effect.type === 'forward') {
      wizard.flush();
      left = true;
      services.forward(effect.url);
    }
    if (effect.type === 'leave') {
      left = true;
      wizard.leave(effect.path, effect.refusal);
    }
    if (effect.type === 'showPage') {
      wizard.store.set(wizard.atoms.page, effect.page);
      services.navigate(effect.page);
    }
  }
  const after = wizard.state.currentStep;
  if (
    !left &&
    after &&
    wizard.store.get(wizard.atoms.page) === null &&
    (after !== before || services.currentSegment?.() !== after)
  ) {
    services.navigate(after);
  }
}
