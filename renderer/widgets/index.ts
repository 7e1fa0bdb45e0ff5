/**
 * The renderer's widgets: one typed registry keyed by the meta-schema's widget names (the single
 * source of them), so a name without a widget, or a widget without a name, fails the type check.
 * Widgets render only the control; label, hint, help and error come from the FieldTemplate.
 */
import type { ComponentType } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import type { WidgetName } from '../../generated/types/wizard-definition.ts';
import { BicWidget } from './BicWidget.tsx';
import { CheckboxesWidget } from './CheckboxesWidget.tsx';
import { CheckboxWidget } from './CheckboxWidget.tsx';
import { DateWidget } from './DateWidget.tsx';
import { EmailWidget } from './EmailWidget.tsx';
import { FileWidget } from './FileWidget.tsx';
import { HiddenWidget } from './HiddenWidget.tsx';
import { IbanWidget } from './IbanWidget.tsx';
import { LookupWidget } from './LookupWidget.tsx';
import { NumberWidget } from './NumberWidget.tsx';
import { PhoneWidget } from './PhoneWidget.tsx';
import { RadioWidget } from './RadioWidget.tsx';
import { SelectWidget } from './SelectWidget.tsx';
import { TextareaWidget } from './TextareaWidget.tsx';
import { TextWidget } from './TextWidget.tsx';

/** Every widget a definition may name in `ui:widget`, by that name. */
export const widgets = {
  text: TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  date: DateWidget,
  iban: IbanWidget,
  bic: BicWidget,
  phone: PhoneWidget,
  email: EmailWidget,
  file: FileWidget,
  radio: RadioWidget,
  select: SelectWidget,
  checkbox: CheckboxWidget,
  checkboxes: CheckboxesWidget,
  hidden: HiddenWidget,
  lookup: LookupWidget,
} satisfies Record<WidgetName, ComponentType<WidgetProps>>;

/** Whether a `ui:widget` value names one of the registry's widgets. */
export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgets, name);
}

export {
  BicWidget,
  CheckboxesWidget,
  CheckboxWidget,
  DateWidget,
  EmailWidget,
  FileWidget,
  HiddenWidget,
  IbanWidget,
  LookupWidget,
  NumberWidget,
  PhoneWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
  TextWidget,
};
export {
  radioLayout,
  RADIO_INLINE_MAX_LABEL_LENGTH,
  RADIO_INLINE_MAX_OPTIONS,
} from './radioLayout.ts';
export type { RadioLayout } from './radioLayout.ts';
export type { WidgetProps as FieldWidgetProps } from './widgetProps.ts';
export { formatNumber, parseNumber } from './numberText.ts';
export { formatGermanDate, parseGermanDate } from './germanDate.ts';
export { groupIban } from './ibanGroups.ts';
