import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { formContextOf } from '../formContext.ts';
import { controlAttributes } from './controlAttributes.ts';

/**
 * A single yes/no box with its label beside it (taken from the `label` prop, with " (optional)"
 * when not required; the FieldTemplate renders no label of its own for this widget). Stores true
 * or false.
 */
export function CheckboxWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const checked = props.value === true;
  const context = formContextOf(props.registry);
  const optional =
    props.required === true
      ? null
      : (context.texts?.optionalSuffix ?? context.t('common:field.optionalSuffix'));
  return (
    <div className="checkbox">
      <input
        {...controlAttributes(props)}
        className="checkbox__input"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <label className="checkbox__label" htmlFor={id}>
        {props.label}
        {optional}
      </label>
    </div>
  );
}
