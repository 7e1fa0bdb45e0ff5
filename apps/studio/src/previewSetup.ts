import type { ValidateFunction } from 'ajv';
import {
  bundleDefinition,
  createAjv,
  stepSchemaId,
  uriOfPath,
  type WizardDefinition,
} from '#engine';
import { definitionFiles } from './definitionFiles.ts';

/** A definition the preview can run: self-contained step schemas and their validators. */
export interface PreviewFlow {
  definition: WizardDefinition;
  validators: Record<string, ValidateFunction>;
}

export type PreviewResult =
  | { ok: true; flow: PreviewFlow }
  | { ok: false; reason: 'keinJson' | 'keinFluss' | 'schemaFehler' };

// One ajv with the shared schemas of definitions/schema; each edit replaces its step schemas.
const ajv = createAjv();
for (const file of definitionFiles)
  if (file.path.startsWith('definitions/schema/'))
    ajv.addSchema({ ...(JSON.parse(file.text) as object), $id: uriOfPath(file.path) });

const isFlow = (value: unknown): value is WizardDefinition =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { steps?: unknown }).steps) &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { i18nNamespace?: unknown }).i18nNamespace === 'string';

/**
 * The preview of a definition's text, fast enough for every edit (no full check): it parses,
 * compiles each step's form schema and inlines the shared schemas it refers to.
 */
export function previewOf(path: string, text: string): PreviewResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'keinJson' };
  }
  if (!isFlow(value)) return { ok: false, reason: 'keinFluss' };
  const definition = value;
  const validators: Record<string, ValidateFunction> = {};
  try {
    for (const step of definition.steps) {
      if (!step.form) continue;
      const id = stepSchemaId(path, step.id);
      ajv.removeSchema(id);
      ajv.addSchema({ ...step.form.schema, $id: id });
      const validate = ajv.getSchema(id);
      if (validate) validators[step.id] = validate;
    }
    return {
      ok: true,
      flow: {
        definition: bundleDefinition(definition, path, (uri) => ajv.getSchema(uri)?.schema),
        validators,
      },
    };
  } catch {
    return { ok: false, reason: 'schemaFehler' };
  }
}
