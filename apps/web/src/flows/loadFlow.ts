import type { ValidateFunction } from 'ajv';
import type { FlowEntry } from '../../../../generated/definitions/index.ts';
import type { WizardDefinition } from '#engine';
import type { DeferredValidators } from '#renderer';
import { validatorLoaders } from '../../../../generated/validators/index.ts';
import { loadNamespace } from '../i18n/setup.ts';

/** A flow ready to run: its definition, precompiled validators and loaded texts. */
export interface LoadedFlow {
  definition: WizardDefinition;
  validators: Record<string, ValidateFunction>;
  /** The validators of the steps with telephone fields, loaded when the user reaches them. */
  deferredValidators?: DeferredValidators;
}

/**
 * Loads a flow's definition and validators (each in its own chunk) and its German texts from the
 * translation route (preview or live, as for `common`). The validators of steps with telephone
 * fields (libphonenumber-js and its metadata) are not loaded here: the wizard loads them when the
 * user reaches such a step.
 */
export async function loadFlow(entry: FlowEntry): Promise<LoadedFlow> {
  const loaders = validatorLoaders[entry.id];
  if (!loaders) throw new Error(`Flow "${entry.id}" has no validators`);
  const [definition, validators] = await Promise.all([
    entry.load(),
    loaders.load(),
    loadNamespace(entry.i18nNamespace),
  ]);
  return loaders.phone
    ? { definition, validators, deferredValidators: loaders.phone }
    : { definition, validators };
}
