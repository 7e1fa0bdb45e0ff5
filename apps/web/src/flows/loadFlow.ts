import type { ValidateFunction } from 'ajv';
import type { FlowEntry } from '../../../../generated/definitions/index.ts';
import type { WizardDefinition } from '#engine';
import { validatorLoaders } from '../../../../generated/validators/index.ts';
import { loadNamespace } from '../i18n/setup.ts';

/** A flow ready to run: its definition, precompiled validators and loaded texts. */
export interface LoadedFlow {
  definition: WizardDefinition;
  validators: Record<string, ValidateFunction>;
}

/**
 * Loads a flow's definition and validators (each in its own chunk) and its German texts from the
 * translation route (preview or live, as for `common`).
 */
export async function loadFlow(entry: FlowEntry): Promise<LoadedFlow> {
  const loadValidators = validatorLoaders[entry.id];
  if (!loadValidators) throw new Error(`Flow "${entry.id}" has no validators`);
  const [definition, validators] = await Promise.all([
    entry.load(),
    loadValidators(),
    loadNamespace(entry.i18nNamespace),
  ]);
  return { definition, validators };
}
