import type { WizardDefinition } from '../../engine/index.ts';
import { travel, travelTexts } from '../engine/wizard/travelFixture.ts';
import { inlineDefinition, inlineServices, renderFlow, savedState } from './inline.tsx';

/**
 * The engine tests' travel flow as an inline flow (trip with constraints and requiredWhen,
 * travellers list with itemCounts, policyholder with derive and a read-only payment period),
 * followed by a summary step.
 */
export const travelFlow: WizardDefinition = inlineDefinition({
  steps: [...travel.steps, { id: 'pruefen', i18nPrefix: 'Check', content: [{ type: 'summary' }] }],
});

/** The travel flow's texts for the inline namespace. */
export const travelFlowTexts = { ...travelTexts, Check: { title: 'Angaben prüfen' } };

/** Renders the travel flow at a step with saved answers. */
export function renderTravel(
  segment: string,
  formData: Record<string, Record<string, unknown>> = {},
) {
  const { services, storage } = inlineServices();
  storage.set('wizard:inline-test:v3', savedState(travelFlow, formData, segment));
  return { ...renderFlow({ definition: travelFlow, services, segment }), services, storage };
}
