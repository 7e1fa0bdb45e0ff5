import i18next from 'i18next';
import type { ValidateFunction } from 'ajv';
import type { FlowEntry } from '../../../../generated/definitions/index.ts';
import type { WizardDefinition } from '#engine';
import { validatorLoaders } from '../../../../generated/validators/index.ts';

const bundles = import.meta.glob<Record<string, unknown>>(
  '../../../../definitions/locales/de/*.json',
  { import: 'default' },
);

/** A flow ready to run: its definition, precompiled validators and loaded texts. */
export interface LoadedFlow {
  definition: WizardDefinition;
  validators: Record<string, ValidateFunction>;
}

/** Loads a flow's definition, validators and German texts (each in its own chunk). */
export async function loadFlow(entry: FlowEntry): Promise<LoadedFlow> {
  const loadBundle = bundles[`../../../../definitions/locales/de/${entry.i18nNamespace}.json`];
  const loadValidators = validatorLoaders[entry.id];
  if (!loadBundle || !loadValidators)
    throw new Error(`Flow "${entry.id}" has no texts or validators`);
  const [definition, validators, bundle] = await Promise.all([
    entry.load(),
    loadValidators(),
    loadBundle(),
  ]);
  if (!i18next.hasResourceBundle('de', entry.i18nNamespace))
    i18next.addResourceBundle('de', entry.i18nNamespace, bundle);
  return { definition, validators };
}
