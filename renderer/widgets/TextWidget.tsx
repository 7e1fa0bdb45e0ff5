import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { autocompleteOf, controlAttributes, textOf, valueOfText } from './controlAttributes.ts';
import { textWidth } from './textWidth.ts';

/**
 * A single-line text, as wide as the answer its schema allows (textWidth.ts); empty text is stored
 * as undefined so "required" applies.
 */
export function TextWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  return (
    <input
      {...controlAttributes(props)}
      className={`input input--text input--${textWidth(props.schema)}`}
      type="text"
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
