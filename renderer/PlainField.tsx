import type { ComponentType, ReactElement } from 'react';
import {
  getUiOptions,
  optionsList,
  type EnumOptionsType,
  type FieldPathId,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { FieldTemplate } from './templates/FieldTemplate.tsx';
import { isMultipleChoice, type FieldRegistry } from './fieldShapes.ts';
import { isWidgetName, widgets, type FieldWidgetProps } from './widgets/index.ts';

/** rjsf's label of a yes/no option without `ui:enumNames` (choicesOf puts the flow's text over it). */
const YES_NO = { true: 'Yes', false: 'No' } as const;

interface PlainFieldProps {
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  required: boolean;
  value: unknown;
  rawErrors: string[] | undefined;
  fieldPathId: FieldPathId;
  registry: FieldRegistry;
  onChange: (value: unknown) => void;
  onBlur: (id: string, value: unknown) => void;
  onFocus: (id: string, value: unknown) => void;
}

/** The ui options without those a field consumes itself. */
function without(
  options: FieldWidgetProps['options'],
  keys: readonly string[],
): FieldWidgetProps['options'] {
  return Object.fromEntries(Object.entries(options).filter(([key]) => !keys.includes(key)));
}

/** The options of a yes/no field, as rjsf's BooleanField makes them. */
function booleanOptions(schema: RJSFSchema, uiSchema: UiSchema): EnumOptionsType[] | undefined {
  const values = schema.enum ?? [true, false];
  const enumNames: unknown = getUiOptions(uiSchema)['enumNames'];
  if (!enumNames && values.length === 2 && values.every((v) => typeof v === 'boolean'))
    return values.map((value) => ({ value, label: YES_NO[String(value) as 'true' | 'false'] }));
  return optionsList({ enum: values } as RJSFSchema, uiSchema);
}

/**
 * A field that is one control (see isPlainField), rendered the way rjsf's SchemaField with its
 * String, Number, Boolean or multi-select Array field renders it, with our FieldTemplate and
 * widgets but without rjsf's schema machinery (tests/renderer/plainField.test.tsx renders every
 * such field of every definition both ways and compares the markup).
 */
export function PlainField(props: PlainFieldProps): ReactElement {
  const { name, schema, uiSchema, required, value, rawErrors, fieldPathId, registry } = props;
  const uiOptions = getUiOptions(uiSchema);
  const named = uiOptions['widget'];
  const array = schema.type === 'array';
  const yesNo = schema.type === 'boolean';
  const multipleChoice = array && isMultipleChoice(schema as Record<string, unknown>);
  // The widget's options, label switch and placeholder as rjsf's Boolean, Array and String fields
  // hand them over (each leaves out other keys of the field's ui options).
  let options: FieldWidgetProps['options'];
  let fallback: string;
  let showLabel = uiOptions['label'] ?? true;
  let placeholder: unknown;
  if (yesNo) {
    const rest = without(uiOptions, ['widget', 'title', 'label', 'enumNames']);
    options = { ...rest, enumOptions: booleanOptions(schema, uiSchema) };
    fallback = 'checkbox';
  } else if (array) {
    const rest = without(uiOptions, ['widget', 'title']);
    options = multipleChoice
      ? { ...rest, enumOptions: optionsList(schema.items as RJSFSchema, uiSchema) }
      : rest;
    fallback = 'select';
    showLabel = displayLabelOf(schema, uiSchema);
  } else {
    const rest = without(uiOptions, ['widget', 'title', 'placeholder']);
    const enumOptions = Array.isArray(schema.enum) ? optionsList(schema, uiSchema) : undefined;
    options = { ...rest, enumOptions };
    fallback = enumOptions ? 'select' : 'text';
    placeholder = uiOptions['placeholder'] ?? '';
    showLabel = displayLabelOf(schema, uiSchema);
  }
  const widgetName = typeof named === 'string' ? named : fallback;
  if (!isWidgetName(widgetName))
    throw new Error(`The widget "${widgetName}" of the field "${name}" is not in the renderer`);
  const Widget = widgets[widgetName] as ComponentType<FieldWidgetProps>;
  const readonly = Boolean(uiOptions['readonly'] ?? schema.readOnly);
  const title = uiOptions['title'];
  const label = (typeof title === 'string' ? title : undefined) ?? schema.title ?? name;
  return (
    <FieldTemplate
      id={fieldPathId.$id}
      fieldPathId={fieldPathId}
      label={label}
      displayLabel={displayLabelOf(schema, uiSchema)}
      required={required}
      readonly={readonly}
      hidden={named === 'hidden'}
      rawErrors={rawErrors}
      schema={schema}
      uiSchema={uiSchema}
      formData={value}
      registry={registry}
    >
      <Widget
        id={fieldPathId.$id}
        name={name}
        schema={schema}
        uiSchema={uiSchema}
        options={options}
        value={value}
        label={label}
        hideLabel={!showLabel}
        required={required}
        disabled={Boolean(uiOptions['disabled'])}
        readonly={readonly}
        autofocus={Boolean(uiOptions['autofocus'])}
        placeholder={placeholder as string}
        rawErrors={rawErrors}
        registry={registry}
        onChange={props.onChange}
        onBlur={props.onBlur}
        onFocus={props.onFocus}
        {...(array ? { multiple: true } : {})}
      />
    </FieldTemplate>
  );
}

/**
 * rjsf's getDisplayLabel for the fields rendered here: a false `ui:label` hides the label, and so
 * does a yes/no field without a widget.
 */
function displayLabelOf(schema: RJSFSchema, uiSchema: UiSchema): boolean {
  if (!(getUiOptions(uiSchema)['label'] ?? true)) return false;
  return !(schema.type === 'boolean' && uiSchema['ui:widget'] === undefined);
}
