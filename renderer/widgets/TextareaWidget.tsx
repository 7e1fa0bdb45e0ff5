import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { autocompleteOf, controlAttributes, textOf, valueOfText } from './controlAttributes.ts';

/** Default number of visible lines when the definition sets no `rows`. */
export const TEXTAREA_DEFAULT_ROWS = 5;

/** A multi-line text; `ui:options.rows` sets its height. */
export function TextareaWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const rows: unknown = props.options.rows;
  return (
    <textarea
      {...controlAttributes(props)}
      className="textarea"
      rows={typeof rows === 'number' && rows > 0 ? rows : TEXTAREA_DEFAULT_ROWS}
      autoComplete={autocompleteOf(props)}
      {...(props.placeholder ? { placeholder: props.placeholder } : {})}
      readOnly={props.readonly === true}
      value={textOf(props.value)}
      onChange={(event) => onChange(valueOfText(event.target.value))}
      onBlur={(event) => onBlur(id, valueOfText(event.target.value))}
      onFocus={(event) => onFocus(id, valueOfText(event.target.value))}
    />
  );
}
