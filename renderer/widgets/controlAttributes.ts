import { descriptionId, errorId, helpId } from '@rjsf/utils';
import type { WidgetProps } from './widgetProps.ts';

/**
 * The attributes every form control of a widget carries (ids, ARIA state, required, disabled);
 * text-like controls add `readOnly` themselves, since it means nothing on boxes and selects.
 */
export interface ControlAttributes {
  id: string;
  name: string;
  'aria-describedby': string;
  'aria-invalid': true | undefined;
  required: boolean;
  disabled: boolean;
  autoFocus: boolean;
}

/**
 * The shared attributes of a widget's control: `id` and `name` are the rjsf id (the FieldTemplate's
 * `<label htmlFor>` and the error summary link point at it), `aria-describedby` names the hint,
 * error and help ids the FieldTemplate renders, and `aria-invalid` is set while there are errors.
 * Forms carry `novalidate`, so `required` only states the semantics and never shows a browser bubble.
 */
export function controlAttributes(props: WidgetProps): ControlAttributes {
  return {
    id: props.id,
    name: props.id,
    'aria-describedby': describedByIds(props.id, props.options, props.uiSchema),
    'aria-invalid': hasErrors(props) ? true : undefined,
    required: props.required === true,
    disabled: props.disabled === true,
    autoFocus: props.autofocus === true,
  };
}

/**
 * The ids a field's control is described by, only of elements its FieldTemplate renders: the
 * inline error (always present, hidden while empty), the hint when `ui:options.hintText` is set,
 * and the help text when `ui:help` is true. No reference points at a missing element.
 */
export function describedByIds(
  id: string,
  options: Readonly<Record<string, unknown>> | undefined,
  uiSchema: Readonly<Record<string, unknown>> | undefined,
): string {
  const ids = [errorId(id)];
  if (typeof options?.['hintText'] === 'string') ids.push(descriptionId(id));
  if (uiSchema?.['ui:help'] === true) ids.push(helpId(id));
  return ids.join(' ');
}

/** Whether rjsf reported errors for the widget's field. */
export function hasErrors(props: Pick<WidgetProps, 'rawErrors'>): boolean {
  return (props.rawErrors?.length ?? 0) > 0;
}

/** The text a text-like control shows for a stored value (strings and numbers; anything else is empty). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The value a text-like control stores for its text: the text, or undefined when it is empty. */
export function valueOfText(text: string): string | undefined {
  return text === '' ? undefined : text;
}

/** The HTML autocomplete token of a field: `ui:autocomplete` (rjsf puts it into `options`), else the fallback. */
export function autocompleteOf(props: WidgetProps, fallback?: string): string | undefined {
  const fromOptions: unknown = props.options.autocomplete;
  if (typeof fromOptions === 'string') return fromOptions;
  const fromUiSchema: unknown = props.uiSchema?.['ui:autocomplete'];
  return typeof fromUiSchema === 'string' ? fromUiSchema : fallback;
}
