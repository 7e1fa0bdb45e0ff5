import { memo, useCallback, useMemo, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import {
  toFieldPathId,
  type ErrorSchema,
  type Registry,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import type { WizardController } from './store/controller.ts';
import type { FieldProblem, ItemLimits } from '#engine';
import type { RendererFormContext } from './formContext.ts';
import { problemFieldId, problemText } from './problemText.ts';
import { isPlainField, isPlainList, type FieldRegistry } from './fieldShapes.ts';
import { PlainField } from './PlainField.tsx';
import { PlainList } from './PlainList.tsx';

interface FieldSlotProps {
  controller: WizardController;
  /** The form context and id rules every field renders with. */
  registry: FieldRegistry;
  /** rjsf's registry, for a field that is not one control (a nested object, a list). */
  nested: Registry | undefined;
  step: string;
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  required: boolean;
  /** For a list: how many items it may have now (add and remove buttons follow them). */
  limits?: ItemLimits;
}

function errorSchemaFor(
  problems: readonly FieldProblem[],
  context: RendererFormContext,
  marked: string | undefined,
): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = root;
    for (const segment of problem.path.split('.').slice(1)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    ((node['__errors'] ??= []) as string[]).push(problemText(problem, context));
  }
  if (marked !== undefined && !Array.isArray(root['__errors']))
    root['__errors'] = [marked === '' ? '' : context.t(marked)];
  return root as ErrorSchema;
}

/** A list's uiSchema with rjsf's add and remove switches set from its limits of the moment. */
function listUiSchema(
  uiSchema: UiSchema,
  limits: ItemLimits,
  canAdd: boolean,
  canRemove: boolean,
): UiSchema {
  const options = (uiSchema['ui:options'] ?? {}) as Record<string, unknown>;
  return {
    ...uiSchema,
    'ui:options': { ...options, addable: canAdd, removable: canRemove, minItems: limits.min },
  };
}

/** Sets the value at a path (of object keys and list indexes) in a copy of a field's answer. */
function withValueAt(current: unknown, path: readonly (string | number)[], next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(current) || typeof head === 'number') {
    const list = Array.isArray(current) ? [...(current as unknown[])] : [];
    const index = Number(head);
    list[index] = withValueAt(list[index], rest, next);
    return list;
  }
  const record =
    typeof current === 'object' && current !== null
      ? { ...(current as Record<string, unknown>) }
      : {};
  record[head] = withValueAt(record[head], rest, next);
  return record;
}

/**
 * One top-level field of a step: a field that is one control with our FieldTemplate and widget
 * directly, a list of such fields with our list templates, anything else (a nested object) with
 * rjsf's own SchemaField and the step's registry. It
 * subscribes only to its own answer and its own problems, so typing in one field re-renders that
 * field alone.
 */
export const FieldSlot = memo(function FieldSlot({
  controller,
  registry,
  nested,
  step,
  name,
  schema,
  uiSchema,
  required,
  limits,
}: FieldSlotProps) {
  const { atoms } = controller;
  const subscribe = useCallback(
    (listener: () => void) => controller.subscribeField(step, name, listener),
    [controller, step, name],
  );
  const value = useSyncExternalStore(subscribe, () => controller.fieldValue(step, name));
  const problems = useAtomValue(atoms.fieldProblems(step, name), { store: controller.store });
  const showAll = useAtomValue(atoms.showAllErrors, { store: controller.store });
  const touched = useAtomValue(atoms.touched, { store: controller.store });
  const feedback = useAtomValue(atoms.feedback, { store: controller.store });
  const marked = feedback?.fieldErrors[name];
  const context = registry.formContext as RendererFormContext;
  const { globalFormOptions } = registry;
  // A list shows the errors of the inputs left so far; any other field all once it was left.
  const shownProblems = useMemo(() => {
    if (showAll) return problems ?? [];
    if (!limits) return touched.has(`${step}/${name}`) ? (problems ?? []) : [];
    return (problems ?? []).filter((p) =>
      touched.has(`${step}/#${problemFieldId(p.path, globalFormOptions)}`),
    );
  }, [showAll, limits, touched, step, name, problems, globalFormOptions]);
  const errorSchema = useMemo(
    () => errorSchemaFor(shownProblems, context, marked),
    [shownProblems, context, marked],
  );
  // A list shows at least its minimum of items; the missing ones are empty until typed into.
  const storedCount = Array.isArray(value) ? value.length : 0;
  const shownValue = useMemo(() => {
    if (!limits) return value;
    const stored = Array.isArray(value) ? (value as unknown[]) : [];
    if (stored.length >= limits.min) return value;
    return [...stored, ...Array.from({ length: limits.min - stored.length }, () => ({}))];
  }, [value, limits]);
  const shownCount = Math.max(storedCount, limits?.min ?? 0);
  const canAdd = limits !== undefined && (limits.max === undefined || shownCount < limits.max);
  const canRemove = limits !== undefined && storedCount > limits.min;
  const fieldUiSchema = useMemo(
    () => (limits ? listUiSchema(uiSchema, limits, canAdd, canRemove) : uiSchema),
    [uiSchema, limits, canAdd, canRemove],
  );
  const fieldPathId = useMemo(
    () => toFieldPathId(name, registry.globalFormOptions),
    [name, registry.globalFormOptions],
  );
  const onChange = useCallback(
    (next: unknown, path: (string | number)[]) => {
      if (path.length <= 1) {
        controller.setField(step, name, next);
        return;
      }
      // A nested property or a list item's field changed: rjsf hands over that value only.
      const current = controller.state.formData[step]?.[name];
      controller.setField(step, name, withValueAt(current, path.slice(1), next));
    },
    [controller, step, name],
  );
  const list = limits !== undefined;
  const onBlur = useCallback(
    (id: string) => controller.touch(step, name, list ? id : undefined),
    [controller, step, name, list],
  );
  const onFocus = useCallback(() => undefined, []);
  const onPlainChange = useCallback(
    (next: unknown) => controller.setField(step, name, next),
    [controller, step, name],
  );
  if (!limits && isPlainField(schema, uiSchema))
    return (
      <PlainField
        name={name}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        value={value}
        rawErrors={errorSchema.__errors}
        fieldPathId={fieldPathId}
        onChange={onPlainChange}
        onBlur={onBlur}
        onFocus={onFocus}
        registry={registry}
      />
    );
  if (limits && isPlainList(schema, uiSchema))
    return (
      <PlainList
        name={name}
        required={required}
        schema={schema}
        uiSchema={fieldUiSchema}
        value={shownValue}
        errorSchema={errorSchema}
        fieldPathId={fieldPathId}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        registry={registry}
      />
    );
  // The wizard shows a step with such a field only once rjsf's fields are loaded (StepModules).
  const SchemaField = nested?.fields['SchemaField'];
  if (!nested || !SchemaField) throw new Error(`rjsf's fields are not loaded for "${name}"`);
  return (
    <SchemaField
      name={name}
      required={required}
      schema={schema}
      uiSchema={fieldUiSchema}
      formData={shownValue}
      errorSchema={errorSchema}
      fieldPathId={fieldPathId}
      onChange={onChange}
      onBlur={onBlur}
      onFocus={onFocus}
      registry={nested}
      disabled={false}
      readonly={false}
    />
  );
});
