import { useCallback, useRef, type MouseEvent, type ReactElement } from 'react';
import {
  getUiOptions,
  orderProperties,
  toFieldPathId,
  type ErrorSchema,
  type FieldPathId,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { PlainField } from './PlainField.tsx';
import { isNode, type FieldRegistry } from './fieldShapes.ts';
import { ArrayFieldTemplate } from './templates/ArrayFieldTemplate.tsx';
import { ArrayFieldItemTemplate } from './templates/ArrayFieldItemTemplate.tsx';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate.tsx';

interface PlainListProps {
  name: string;
  schema: RJSFSchema;
  /** The list's uiSchema with `addable`, `removable` and `minItems` of the moment (FieldSlot). */
  uiSchema: UiSchema;
  required: boolean;
  /** The items shown (at least the list's minimum). */
  value: unknown;
  errorSchema: ErrorSchema;
  fieldPathId: FieldPathId;
  registry: FieldRegistry;
  /** A change at a path below the list (`[list, index, field]`) or of the whole list (`[list]`). */
  onChange: (next: unknown, path: (string | number)[]) => void;
  onBlur: (id: string, value: unknown) => void;
  onFocus: (id: string, value: unknown) => void;
}

let lastKey = 0;
/** A React key for an item, kept while the item stays in the list (its inputs keep their state). */
const newKey = (): string => `eintrag-${(lastKey += 1)}`;

/**
 * A list of items whose fields are each one control (see isPlainList), rendered the way rjsf's
 * ArrayField and ObjectField render it, with our list, item and object templates and PlainField
 * for each input, without rjsf's schema machinery (tests/renderer/plainField.test.tsx compares the
 * markup with rjsf's for every such list of every definition). Items keep their key when another
 * one is removed, so a removed item's neighbours keep what their inputs hold.
 */
export function PlainList(props: PlainListProps): ReactElement {
  const { name, schema, uiSchema, required, errorSchema, fieldPathId, registry, onChange } = props;
  const items: unknown[] = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  const keys = useRef<string[]>([]);
  if (keys.current.length !== items.length)
    keys.current = items.map((_, index) => keys.current[index] ?? newKey());
  const uiOptions = getUiOptions(uiSchema);
  const itemSchema = (isNode(schema.items) ? schema.items : {}) as RJSFSchema;
  const itemUiSchema = (isNode(uiSchema['items']) ? uiSchema['items'] : {}) as UiSchema;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const canAdd =
    uiOptions['addable'] !== false && (maxItems === undefined || items.length < maxItems);
  const removable = uiOptions['removable'] !== false;
  const title = schema.title || name;

  const add = useCallback(
    (event?: MouseEvent) => {
      event?.preventDefault();
      keys.current = [...keys.current, newKey()];
      onChange([...items, {}], [name]);
    },
    [items, onChange, name],
  );
  const remove = (index: number) => (event?: MouseEvent) => {
    event?.preventDefault();
    keys.current = keys.current.filter((_, i) => i !== index);
    onChange(
      items.filter((_, i) => i !== index),
      [name],
    );
  };

  const properties = isNode(itemSchema.properties) ? itemSchema.properties : {};
  const order = orderProperties(
    Object.keys(properties),
    getUiOptions(itemUiSchema)['order'] as string[] | undefined,
  );
  const itemRequired = Array.isArray(itemSchema.required) ? itemSchema.required : [];
  const rendered = items.map((item, index) => {
    const itemPathId = toFieldPathId(index, registry.globalFormOptions, fieldPathId);
    const itemErrors = (errorSchema as Record<number, ErrorSchema | undefined>)[index];
    const fields = order.map((field) => {
      const fieldSchema = properties[field] as RJSFSchema;
      const fieldUiSchema = (itemUiSchema[field] ?? {}) as UiSchema;
      const value = isNode(item) ? item[field] : undefined;
      return {
        name: field,
        hidden: getUiOptions(fieldUiSchema)['widget'] === 'hidden',
        readonly: false,
        disabled: false,
        required,
        content: (
          <PlainField
            key={field}
            name={field}
            required={itemRequired.includes(field)}
            schema={fieldSchema}
            uiSchema={fieldUiSchema}
            value={value}
            rawErrors={(itemErrors?.[field] as ErrorSchema | undefined)?.__errors}
            fieldPathId={toFieldPathId(field, registry.globalFormOptions, itemPathId)}
            onChange={(next) => onChange(next, [name, index, field])}
            onBlur={props.onBlur}
            onFocus={props.onFocus}
            registry={registry}
          />
        ),
      };
    });
    return (
      <ArrayFieldItemTemplate
        key={keys.current[index]}
        index={index}
        registry={registry}
        buttonsProps={{
          fieldPathId: itemPathId,
          hasRemove: removable,
          index,
          onRemoveItem: remove(index),
          registry,
          uiSchema: itemUiSchema,
          disabled: false,
          readonly: false,
        }}
      >
        <ObjectFieldTemplate
          properties={fields}
          fieldPathId={itemPathId}
          title={itemSchema.title ?? `${title}-${index + 1}`}
          required={required}
          formData={item}
          registry={registry}
        />
      </ArrayFieldItemTemplate>
    );
  });
  return (
    <ArrayFieldTemplate
      items={rendered}
      canAdd={canAdd}
      onAddClick={add}
      fieldPathId={fieldPathId}
      uiSchema={uiSchema}
      title={title}
      required={required}
      rawErrors={errorSchema.__errors}
      disabled={false}
      readonly={false}
      registry={registry}
    />
  );
}
