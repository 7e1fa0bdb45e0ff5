import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { autocompleteOf, controlAttributes, textOf, valueOfText } from './controlAttributes.ts';

/** An e-mail address (type=email, autocomplete "email" unless the definition names another token). */
export function EmailWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  return (
    <input
      {...controlAttributes(props)}
      className="input input--email"
      type="email"
      autoComplete={autocompleteOf(props, 'email')}
      autoCapitalize="none"
      spellCheck={false}
      readOnly={props.readonly === true}
      value={textOf(props.value)}
      onChange={(event) => onChange(valueOfText(event.target.value))}
      onBlur={(event) => onBlur(id, valueOfText(event.target.value))}
      onFocus={(event) => onFocus(id, valueOfText(event.target.value))}
    />
  );
}
