// The package index also loads rjsf's test registry and its ajv validator; take only the registry.
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { createSchemaUtils, type Registry, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { RendererFormContext } from './formContext.ts';
import { ArrayFieldTemplate } from './templates/ArrayFieldTemplate.tsx';
import {
  ArrayFieldItemButtonsTemplate,
  ArrayFieldItemTemplate,
} from './templates/ArrayFieldItemTemplate.tsx';
import { buttonTemplates } from './templates/ButtonTemplates.tsx';
import { FieldTemplate } from './templates/FieldTemplate.tsx';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate.tsx';
import { widgets } from './widgets/index.ts';

/**
 * rjsf's own validator slot. The renderer validates with codegen's precompiled validators
 * (renderer/validation), so nothing here compiles a schema. rjsf asks it only to choose between
 * conditional subschemas (if/then, oneOf) for display; definitions express such choices with
 * visibleWhen and irrelevantWhen rules instead, so it answers "no match".
 */
const displayOnlyValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => false,
  rawValidation: () => ({}),
};

const base = getDefaultRegistry();

/**
 * The one shared rjsf registry of a step: our widgets and templates (fields, nested objects, the
 * German list with its add and remove buttons), the step's schema.
 */
export function createRegistry(rootSchema: RJSFSchema, formContext: RendererFormContext): Registry {
  return {
    ...base,
    widgets: { ...base.widgets, ...widgets },
    templates: {
      ...base.templates,
      FieldTemplate,
      ObjectFieldTemplate,
      ArrayFieldTemplate,
      ArrayFieldItemTemplate,
      ArrayFieldItemButtonsTemplate,
      ButtonTemplates: { ...base.templates.ButtonTemplates, ...buttonTemplates },
    },
    rootSchema,
    formContext,
    schemaUtils: createSchemaUtils(displayOnlyValidator, rootSchema),
    globalFormOptions: { ...base.globalFormOptions, idPrefix: 'feld', idSeparator: '-' },
  };
}
