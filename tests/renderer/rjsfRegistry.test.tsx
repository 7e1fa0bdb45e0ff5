// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getSchemaType, toFieldPathId, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRegistry } from '../../renderer/registry.ts';
import { formContext } from './widgets/props.ts';

afterEach(cleanup);

/** Renders one property through the registry's SchemaField, as FieldSlot does. */
function renderField(schema: RJSFSchema, uiSchema: UiSchema = {}) {
  const root: RJSFSchema = { type: 'object', properties: { feld: schema } };
  const registry = createRegistry(root, formContext());
  const SchemaField = registry.fields['SchemaField'];
  if (!SchemaField) throw new Error('no SchemaField');
  return render(
    <SchemaField
      name="feld"
      schema={schema}
      uiSchema={uiSchema}
      formData={undefined}
      errorSchema={{}}
      fieldPathId={toFieldPathId('feld', registry.globalFormOptions)}
      onChange={vi.fn()}
      onBlur={vi.fn()}
      onFocus={vi.fn()}
      registry={registry}
      disabled={false}
      readonly={false}
    />,
  );
}

describe('the rjsf registry', () => {
  it('renders a text field with our widget', () => {
    renderField({ type: 'string' });
    expect(screen.getByRole('textbox')).toHaveAttribute('id', 'feld-feld');
  });

  it('shows a field of an unknown type as unsupported instead of leaving it out', () => {
    const { container } = renderField({ type: 'date' } as unknown as RJSFSchema);
    expect(container.querySelector('.unsupported-field')).not.toBeNull();
  });

  it('shows an anyOf or oneOf field as unsupported instead of leaving its options out', () => {
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const { container, unmount } = renderField({
        type: 'object',
        [keyword]: [
          { properties: { a: { type: 'string' } } },
          { properties: { b: { type: 'number' } } },
        ],
      });
      expect(container.querySelector('.unsupported-field')).not.toBeNull();
      unmount();
    }
  });

  it('has a field for every type and keyword of every step of every definition', () => {
    const { fields } = createRegistry({}, formContext());
    const byType: Record<string, string> = {
      array: 'ArrayField',
      boolean: 'BooleanField',
      integer: 'NumberField',
      number: 'NumberField',
      object: 'ObjectField',
      string: 'StringField',
      null: 'NullField',
    };
    const needed = new Set<string>();
    const visit = (schema: RJSFSchema): void => {
      const type = getSchemaType(schema);
      const first = Array.isArray(type) ? type[0] : type;
      needed.add(first === undefined ? 'no type' : (byType[first] ?? `type ${first}`));
      if (schema.anyOf) needed.add('anyOf');
      if (schema.oneOf) needed.add('oneOf');
      for (const child of Object.values(schema.properties ?? {})) visit(child as RJSFSchema);
      if (schema.items && !Array.isArray(schema.items)) visit(schema.items as RJSFSchema);
    };
    const dir = 'generated/definitions';
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const definition = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        steps?: { form?: { schema: RJSFSchema } }[];
      };
      for (const step of definition.steps ?? []) if (step.form) visit(step.form.schema);
    }
    expect([...needed].filter((name) => !(name in fields)).sort()).toEqual([]);
    expect(needed.has('anyOf') || needed.has('oneOf')).toBe(false);
  });
});
