// Only the rjsf parts a step uses, imported one by one (the way rjsf's getDefaultRegistry.js does):
// the package index would also load rjsf's test registry and its ajv validator, and the default
// registry every default field, widget and template (layout grids, anyOf/oneOf, alternative date,
// colour, rating widgets, ...), which our widgets and templates replace or no definition uses.
import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import {
  createSchemaUtils,
  englishStringTranslator,
  type FieldProps,
  type Registry,
  type RegistryFieldsType,
  type RJSFSchema,
  type TemplatesType,
  type ValidatorType,
} from '@rjsf/utils';
import { createElement } from 'react';
import type { RendererFormContext } from './formContext.ts';
import { FORM_OPTIONS } from './fieldShapes.ts';
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

/**
 * A field whose schema uses anyOf or oneOf: no definition does (choices are enums with
 * visibleWhen rules), and rjsf's MultiSchemaField picks an option by validating, which the
 * display-only validator cannot. It shows rjsf's "unsupported field" box instead of nothing.
 */
function UnsupportedChoiceField(props: FieldProps) {
  const { UnsupportedFieldTemplate } = props.registry.templates;
  return createElement(UnsupportedFieldTemplate, {
    schema: props.schema,
    fieldPathId: props.fieldPathId,
    reason: 'anyOf/oneOf is not supported by the renderer',
    registry: props.registry,
  });
}

/**
 * The fields rjsf's SchemaField, ObjectField and ArrayField look up for the types the definitions
 * use. A schema type without a field (or `ui:field` naming none) goes to FallbackField, which
 * shows rjsf's UnsupportedField, so a missing piece is visible, never silently left out.
 */
const fields: RegistryFieldsType = {
  SchemaField,
  ObjectField,
  ArrayField,
  StringField,
  NumberField,
  BooleanField,
  NullField,
  FallbackField,
  AnyOfField: UnsupportedChoiceField,
  OneOfField: UnsupportedChoiceField,
};

/** A template no field of ours renders; if one ever does, the step fails loudly, naming it. */
function notInRegistry(name: string) {
  return function MissingTemplate(): never {
    throw new Error(`The rjsf template ${name} is not in the renderer's registry`);
  };
}

/**
 * Our templates, rjsf's UnsupportedField, and a loud stand-in for every template only rjsf's own
 * templates, widgets or unused fields render (SchemaField creates description, help and error
 * elements that our FieldTemplate does not show: it renders hint, help and error itself).
 */
const templates: TemplatesType = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  ButtonTemplates: buttonTemplates,
  UnsupportedFieldTemplate: UnsupportedField,
  ArrayFieldDescriptionTemplate: notInRegistry('ArrayFieldDescriptionTemplate'),
  ArrayFieldTitleTemplate: notInRegistry('ArrayFieldTitleTemplate'),
  BaseInputTemplate: notInRegistry('BaseInputTemplate'),
  CyclicSchemaExpandTemplate: notInRegistry('CyclicSchemaExpandTemplate'),
  DescriptionFieldTemplate: notInRegistry('DescriptionFieldTemplate'),
  ErrorListTemplate: notInRegistry('ErrorListTemplate'),
  FallbackFieldTemplate: notInRegistry('FallbackFieldTemplate'),
  FieldErrorTemplate: notInRegistry('FieldErrorTemplate'),
  FieldHelpTemplate: notInRegistry('FieldHelpTemplate'),
  GridTemplate: notInRegistry('GridTemplate'),
  MultiSchemaFieldTemplate: notInRegistry('MultiSchemaFieldTemplate'),
  OptionalDataControlsTemplate: notInRegistry('OptionalDataControlsTemplate'),
  TitleFieldTemplate: notInRegistry('TitleFieldTemplate'),
  WrapIfAdditionalTemplate: notInRegistry('WrapIfAdditionalTemplate'),
};

/**
 * The one shared rjsf registry of a step: our widgets and templates (fields, nested objects, the
 * German list with its add and remove buttons), the step's schema.
 */
export function createRegistry(rootSchema: RJSFSchema, formContext: RendererFormContext): Registry {
  return {
    fields,
    widgets,
    templates,
    rootSchema,
    formContext,
    translateString: englishStringTranslator,
    schemaUtils: createSchemaUtils(displayOnlyValidator, rootSchema),
    globalFormOptions: FORM_OPTIONS,
  };
}
