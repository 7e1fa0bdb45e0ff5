import type { UiSchema } from '@rjsf/utils';

type Translate = (key: string) => string;
type Exists = (key: string) => boolean;
type SchemaNode = Record<string, unknown>;

function isObject(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The uiSchema of one field with its German texts filled in: `ui:title` from
 * `<prefix>.<path>.label` and `ui:enumNames` from `<prefix>.<path>.options.<value>` (of a yes/no
 * field `.options.true` and `.options.false`, when the flow has them), for the
 * field and, in a nested object, each of its properties, and in a list each field of its items
 * (`<prefix>.<list>.<field>.label`, no index); the hint as `ui:options.hintText`.
 * Computed once per step, not per keystroke.
 */
export function translatedUiSchema(
  schema: unknown,
  uiSchema: unknown,
  path: string,
  prefix: string,
  t: Translate,
  exists: Exists,
): UiSchema {
  const own: UiSchema = isObject(uiSchema) ? { ...uiSchema } : {};
  if (!isObject(schema)) return own;
  own['ui:title'] = t(`${prefix}.${path}.label`);
  if (Array.isArray(schema['enum'])) {
    own['ui:enumNames'] = schema['enum'].map((value) =>
      t(`${prefix}.${path}.options.${String(value)}`),
    );
  } else if (schema['type'] === 'boolean' && exists(`${prefix}.${path}.options.true`)) {
    // A yes/no radio: rjsf lists true, then false; a list item's field has no other way to them.
    own['ui:enumNames'] = [
      t(`${prefix}.${path}.options.true`),
      t(`${prefix}.${path}.options.false`),
    ];
  }
  // A placeholder only where the bundle has one (the message box's "Nachricht schreiben"); it
  // never replaces the label.
  if (exists(`${prefix}.${path}.placeholder`)) {
    own['ui:placeholder'] = t(`${prefix}.${path}.placeholder`);
  }
  if (typeof own['ui:autocomplete'] === 'string') {
    own['ui:options'] = {
      ...(isObject(own['ui:options']) ? own['ui:options'] : {}),
      autocomplete: own['ui:autocomplete'],
    };
  }
  const properties = schema['properties'];
  if (isObject(properties)) {
    for (const [name, child] of Object.entries(properties)) {
      own[name] = translatedUiSchema(child, own[name], `${path}.${name}`, prefix, t, exists);
    }
  }
  const items = schema['items'];
  const itemProperties = isObject(items) ? items['properties'] : undefined;
  if (isObject(itemProperties)) {
    // The fields of a list's items share their texts, keyed without the index.
    const itemUi: UiSchema = isObject(own['items']) ? { ...own['items'] } : {};
    for (const [name, child] of Object.entries(itemProperties)) {
      itemUi[name] = translatedUiSchema(child, itemUi[name], `${path}.${name}`, prefix, t, exists);
    }
    own['items'] = itemUi;
  }
  return own;
}
