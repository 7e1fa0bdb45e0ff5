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
import type { FieldProblem } from '#engine';
import type { RendererFormContext } from './formContext.ts';

interface FieldSlotProps {
  controller: WizardController;
  registry: Registry;
  step: string;
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  required: boolean;
}

/** The text of a problem: the first of its keys that has a text, else the default field error. */
export function problemText(problem: FieldProblem, context: RendererFormContext): string {
  const key = problem.keys.find((k) => context.exists(k));
  return key ? context.t(key) : context.t('common:errors.default');
}

function errorSchemaFor(
  name: string,
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
  void name;
  return root as ErrorSchema;
}

/**
 * One top-level field of a step, rendered with rjsf's own SchemaField and the shared registry. It
 * subscribes only to its own answer and its own problems, so typing in one field re-renders that
 * field alone.
 */
export const FieldSlot = memo(function FieldSlot({
  controller,
  registry,
  step,
  name,
  schema,
  uiSchema,
  required,
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
  const shown = showAll || touched.has(`${step}/${name}`);
  const context = registry.formContext as RendererFormContext;
  const errorSchema = useMemo(
    () => errorSchemaFor(name, shown ? (problems ?? []) : [], context, marked),
    [name, shown, problems, context, marked],
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
      // A nested property changed: rjsf hands over the new value of that property only.
      const current = controller.state.formData[step]?.[name];
      const copy: Record<string, unknown> =
        typeof current === 'object' && current !== null
          ? structuredClone(current as Record<string, unknown>)
          : {};
      let node = copy;
      for (const segment of path.slice(1, -1)) {
        const key = String(segment);
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      const last = String(path[path.length - 1]);
      node[last] = next;
      controller.setField(step, name, copy);
    },
    [controller, step, name],
  );
  const onBlur = useCallback(() => controller.touch(step, name), [controller, step, name]);
  const onFocus = useCallback(() => undefined, []);
  const SchemaField = registry.fields['SchemaField'];
  if (!SchemaField) throw new Error('The rjsf registry has no SchemaField');
  return (
    <SchemaField
      name={name}
      required={required}
      schema={schema}
      uiSchema={uiSchema}
      formData={value}
      errorSchema={errorSchema}
      fieldPathId={fieldPathId}
      onChange={onChange}
      onBlur={onBlur}
      onFocus={onFocus}
      registry={registry}
      disabled={false}
      readonly={false}
    />
  );
});
