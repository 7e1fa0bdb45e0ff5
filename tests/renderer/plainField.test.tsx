// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toFieldPathId, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Step } from '../../engine/index.ts';
import { createRegistry } from '../../renderer/registry.ts';
import { translatedUiSchema } from '../../renderer/i18nSchema.ts';
import { PlainField } from '../../renderer/PlainField.tsx';
import { PlainList } from '../../renderer/PlainList.tsx';
import {
  FORM_OPTIONS,
  isPlainField,
  isPlainList,
  needsNestedFields,
} from '../../renderer/fieldShapes.ts';
import { formContext } from './widgets/props.ts';

afterEach(cleanup);

const dir = 'generated/definitions';
const definitions = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map(
    (file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { id: string; steps: Step[] },
  );

/** An answer of the field's kind, to render a filled-in field too. */
function sampleOf(schema: RJSFSchema, uiSchema: UiSchema): unknown {
  const items = schema.items as RJSFSchema | undefined;
  if (schema.type === 'array')
    return Array.isArray(items?.enum)
      ? [items.enum[0]]
      : [{ id: 'd1', name: 'rechnung.pdf', type: 'application/pdf', size: 2048 }];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer') return 3;
  if (schema.type === 'number') return 1234.5;
  const widget = uiSchema['ui:widget'];
  if (widget === 'date') return '2025-01-31';
  if (widget === 'iban') return 'DE89370400440532013000';
  return 'Beispiel';
}

/** The markup an element renders. */
function markupOf(element: ReactElement): string {
  const { container, unmount } = render(element);
  const html = container.innerHTML;
  unmount();
  return html;
}

/** What both ways of rendering a top-level field of a step are given. */
interface FieldCase {
  root: RJSFSchema;
  name: string;
  uiSchema: UiSchema;
  value: unknown;
  errorSchema: ErrorSchema;
  required: boolean;
}

/** The markup of a field through rjsf's SchemaField (as a nested object still renders) and the plain way. */
function bothWays(
  field: FieldCase,
  plainWay: (props: PlainProps) => ReactElement,
): [string, string] {
  const context = formContext({ i18nPrefix: 'feldtest' });
  const registry = createRegistry(field.root, context);
  const SchemaField = registry.fields['SchemaField'];
  if (!SchemaField) throw new Error('no SchemaField');
  const props = {
    name: field.name,
    required: field.required,
    schema: (field.root.properties as Record<string, RJSFSchema>)[field.name] as RJSFSchema,
    uiSchema: field.uiSchema,
    fieldPathId: toFieldPathId(field.name, FORM_OPTIONS),
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
  };
  const viaRjsf = markupOf(
    <SchemaField
      {...props}
      formData={field.value}
      errorSchema={field.errorSchema}
      registry={registry}
      disabled={false}
      readonly={false}
    />,
  );
  const registryLite = { formContext: context, globalFormOptions: FORM_OPTIONS };
  return [viaRjsf, markupOf(plainWay({ ...props, registry: registryLite }))];
}

type PlainProps = Omit<Parameters<typeof PlainField>[0], 'value' | 'rawErrors'>;

describe('fields that are one control', () => {
  // A sweep over every field of every definition: it grows with the lines (14 s alone on CI's two
  // cores, over 20 s beside other work), so it has a time budget of its own.
  it('render exactly as through rjsf, for every such field of every step of every definition', () => {
    const context = formContext({ i18nPrefix: 'feldtest' });
    let compared = 0;
    const kinds = new Set<string>();
    // Fields of the same schema and uiSchema render alike: each shape once.
    const seen = new Set<string>();
    for (const definition of definitions)
      for (const step of definition.steps) {
        const root = (step.form?.schema ?? { type: 'object' }) as RJSFSchema;
        const uiRoot = (step.form?.uiSchema ?? {}) as Record<string, unknown>;
        for (const [name, schema] of Object.entries(root.properties ?? {})) {
          const shape = JSON.stringify([schema, uiRoot[name]]);
          if (!isPlainField(schema, uiRoot[name]) || seen.has(shape)) continue;
          seen.add(shape);
          const field = schema as RJSFSchema;
          // With texts for everything (labels, options, placeholders) and without optional ones.
          for (const texts of [true, false]) {
            const uiSchema = translatedUiSchema(
              field,
              uiRoot[name],
              name,
              'feldtest',
              context.t,
              () => texts,
            );
            kinds.add(`${String(field.type)}:${String(uiSchema['ui:widget'] ?? '')}`);
            // Empty and filled in; required without an error, and optional with one.
            for (const value of [undefined, sampleOf(field, uiSchema)])
              for (const required of [true, false]) {
                const errors = required ? undefined : ['Bitte geben Sie eine Antwort an.'];
                const errorSchema = (errors ? { __errors: errors } : {}) as ErrorSchema;
                const [viaRjsf, plain] = bothWays(
                  { root, name, uiSchema, value, errorSchema, required },
                  (props) => <PlainField {...props} value={value} rawErrors={errors} />,
                );
                expect(plain, `${definition.id}/${step.id}/${name}`).toBe(viaRjsf);
                compared += 1;
              }
          }
        }
      }
    // Every kind of control the definitions use was compared, filled in and empty.
    expect(compared).toBeGreaterThan(300);
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['boolean:checkbox', 'boolean:radio', 'string:date', 'array:file']),
    );
  }, 90_000);

  it('lists of such fields render exactly as through rjsf, with their add and remove buttons', () => {
    const context = formContext({ i18nPrefix: 'feldtest' });
    let compared = 0;
    for (const definition of definitions)
      for (const step of definition.steps) {
        const root = (step.form?.schema ?? { type: 'object' }) as RJSFSchema;
        const uiRoot = (step.form?.uiSchema ?? {}) as Record<string, unknown>;
        for (const [name, schema] of Object.entries(root.properties ?? {})) {
          if (!isPlainList(schema, uiRoot[name])) continue;
          const list = schema as RJSFSchema;
          const items = list.items as RJSFSchema;
          const item = Object.fromEntries(
            Object.entries(items.properties ?? {}).map(([field, fieldSchema]) => [
              field,
              sampleOf(fieldSchema as RJSFSchema, {}),
            ]),
          );
          const firstField = Object.keys(items.properties ?? {})[0] ?? 'x';
          for (const texts of [true, false]) {
            const translated = translatedUiSchema(
              list,
              uiRoot[name],
              name,
              'feldtest',
              context.t,
              () => texts,
            );
            for (const [value, addable, removable] of [
              [[], true, false],
              [[item], true, true],
              [[item], true, false],
              [[item, {}], false, true],
            ] as const) {
              // As FieldSlot sets them from the list's limits of the moment.
              const options = (translated['ui:options'] ?? {}) as Record<string, unknown>;
              const uiSchema = {
                ...translated,
                'ui:options': { ...options, addable, removable, minItems: 0 },
              };
              const errorSchema = {
                __errors: ['Bitte geben Sie mindestens eine Person an.'],
                0: { [firstField]: { __errors: ['Bitte geben Sie eine Antwort an.'] } },
              } as unknown as ErrorSchema;
              for (const errors of [{} as ErrorSchema, errorSchema]) {
                const shown = [...value];
                const [viaRjsf, plain] = bothWays(
                  { root, name, uiSchema, value: shown, errorSchema: errors, required: false },
                  (props) => <PlainList {...props} value={shown} errorSchema={errors} />,
                );
                expect(plain, `${definition.id}/${step.id}/${name}`).toBe(viaRjsf);
                compared += 1;
              }
            }
          }
        }
      }
    expect(compared).toBeGreaterThan(50);
  });

  it('leaves nested objects and lists of items to rjsf, and only their steps wait for it', () => {
    expect(isPlainField({ type: 'object', properties: { a: { type: 'string' } } }, {})).toBe(false);
    expect(isPlainField({ type: 'array', items: { type: 'object', properties: {} } }, {})).toBe(
      false,
    );
    expect(isPlainField({ type: 'string' }, { 'ui:field': 'Eigen' })).toBe(false);
    expect(isPlainField({ type: 'string', oneOf: [{ const: 'a' }] }, {})).toBe(false);
    expect(isPlainField({ type: 'array', uniqueItems: true, items: { enum: ['a'] } }, {})).toBe(
      true,
    );
    expect(
      isPlainField({ type: 'array', items: { type: 'object' } }, { 'ui:widget': 'file' }),
    ).toBe(true);
    expect(
      isPlainList(
        { type: 'array', items: { type: 'object', properties: { a: { type: 'object' } } } },
        {},
      ),
    ).toBe(false);
    // No step of the definitions needs rjsf's fields now: none waits for them.
    expect(definitions.flatMap((d) => d.steps).filter(needsNestedFields)).toEqual([]);
  });
});
