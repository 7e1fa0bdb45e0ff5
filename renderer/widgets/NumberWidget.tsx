import type { FocusEvent, ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { autocompleteOf, controlAttributes } from './controlAttributes.ts';
import { formatGermanNumber, parseGermanNumber } from './germanNumber.ts';
import { useDraftText } from './useDraftText.ts';

const codecOf = (decimals: number | undefined) => ({
  format: (value: number | undefined): string =>
    typeof value === 'number' && Number.isFinite(value) ? formatGermanNumber(value, decimals) : '',
  parse: parseGermanNumber,
});
const numberCodec = codecOf(undefined);
const wholeNumberCodec = codecOf(0);

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A number in the German mask: shows "1.234,50" (two decimals, dot as thousands separator; a
 * whole number, schema type integer, "1.234") once the field is left, keeps the typed text while typing, and stores a JS number (undefined when
 * the text is empty or unreadable; unreadable text stays visible so validation can point at it).
 */
export function NumberWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const whole = props.schema.type === 'integer';
  const codec = whole ? wholeNumberCodec : numberCodec;
  const [text, setText] = useDraftText(numberOf(props.value), codec);

  const leave = (event: FocusEvent<HTMLInputElement>): void => {
    const value = parseGermanNumber(event.target.value);
    if (value !== undefined) setText(codec.format(value));
    onBlur(id, value);
  };

  return (
    <input
      {...controlAttributes(props)}
      className="input input--number"
      type="text"
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete={autocompleteOf(props)}
      readOnly={props.readonly === true}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseGermanNumber(event.target.value));
      }}
      onBlur={leave}
      onFocus={() => onFocus(id, parseGermanNumber(text))}
    />
  );
}
