import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
// The engine's phone normaliser, loaded with the validators of a flow with telephone fields.
import { normalizePhoneIfLoaded as normalizePhone } from '#engine';
import { autocompleteOf, controlAttributes, textOf, valueOfText } from './controlAttributes.ts';

/**
 * A telephone number: passes the raw text while typing and, when the field is left, the E.164
 * form from the engine's `normalizePhone` ("0151 23456789" -> "+4915123456789"); a number that
 * is not valid stays as typed (trimmed) so validation can reject it.
 */
export function PhoneWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const text = textOf(props.value);
  return (
    <input
      {...controlAttributes(props)}
      className="input input--phone"
      type="tel"
      autoComplete={autocompleteOf(props, 'tel')}
      readOnly={props.readonly === true}
      value={text}
      onChange={(event) => onChange(valueOfText(event.target.value))}
      onBlur={(event) => {
        const normalized = valueOfText(normalizePhone(event.target.value));
        if (normalized !== valueOfText(event.target.value)) onChange(normalized);
        onBlur(id, normalized);
      }}
      onFocus={() => onFocus(id, valueOfText(text))}
    />
  );
}
