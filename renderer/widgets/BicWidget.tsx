import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { normalizeBic } from '#engine';
import { controlAttributes, textOf, valueOfText } from './controlAttributes.ts';

/**
 * A BIC: passes the text while typing and, when the field is left, its electronic form from the
 * engine's `normalizeBic` (no spaces, upper case: "deut de ff" -> "DEUTDEFF").
 */
export function BicWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const text = textOf(props.value);
  return (
    <input
      {...controlAttributes(props)}
      className="input input--bic"
      type="text"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      readOnly={props.readonly === true}
      value={text}
      onChange={(event) => onChange(valueOfText(event.target.value))}
      onBlur={(event) => {
        const normalized = valueOfText(normalizeBic(event.target.value));
        if (normalized !== valueOfText(event.target.value)) onChange(normalized);
        onBlur(id, normalized);
      }}
      onFocus={() => onFocus(id, valueOfText(text))}
    />
  );
}
