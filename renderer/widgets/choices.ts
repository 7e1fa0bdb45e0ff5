import type { EnumOptionsType } from '@rjsf/utils';
import type { WidgetProps } from './widgetProps.ts';
import { formContextOf } from '../formContext.ts';

/** One offered choice of a select, radio group or checkbox group, with its visible text. */
export interface Choice {
  /** The stored value. */
  value: unknown;
  /** The visible text. */
  label: string;
  /** Whether the choice cannot be picked. */
  disabled: boolean;
}

/**
 * The choices of an enum field in schema order. The text is the label rjsf computed from the
 * step's translated `ui:enumNames` (`<prefix>.<path>.options.<value>`, list indexes left out);
 * without them the flow's `<prefix>.<field>.options.<value>` when that key exists, else the value.
 */
export function choicesOf(props: WidgetProps): Choice[] {
  const { t, exists, i18nPrefix } = formContextOf(props.registry);
  const enumOptions: EnumOptionsType[] = props.options.enumOptions ?? [];
  const enumDisabled: unknown = props.options.enumDisabled;
  const disabledValues = Array.isArray(enumDisabled) ? enumDisabled : [];
  const translated = Array.isArray(props.uiSchema?.['ui:enumNames']);
  return enumOptions.map((option) => {
    const key = `${i18nPrefix}.${props.name}.options.${String(option.value)}`;
    return {
      value: option.value,
      label: !translated && exists(key) ? t(key) : option.label,
      disabled: disabledValues.includes(option.value),
    };
  });
}

/** The id of a choice's input: the first one carries the field id, so error links focus it. */
export function choiceId(id: string, index: number): string {
  return index === 0 ? id : `${id}-${index}`;
}
