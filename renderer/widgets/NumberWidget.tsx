import type { FocusEvent, ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { autocompleteOf, controlAttributes } from './controlAttributes.ts';
import { useMemo } from 'react';
import { formContextOf } from '../formContext.ts';
import { formatNumber, parseNumber } from './numberText.ts';
import { useDraftText } from './useDraftText.ts';

const codecOf = (locale: string, decimals: number | undefined) => ({
  format: (value: number | undefined): string =>
    typeof value === 'number' && Number.isFinite(value)
      ? formatNumber(value, locale, decimals)
      : '',
  parse: (text: string) => parseNumber(text, locale),
});

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A number in the mask of the brand's locale: shows "1.234,50" (de) or "1'234.50" (de-CH) with
 * two decimals (a whole number, schema type integer, "1.234") once the field is left, keeps the
 * typed text while typing, and stores a JS number (undefined when the text is empty or
 * unreadable; unreadable text stays visible so validation can point at it).
 */
export function NumberWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const whole = props.schema.type === 'integer';
  const { locale } = formContextOf(props.registry);
  const codec = useMemo(() => codecOf(locale, whole ? 0 : undefined), [locale, whole]);
  const [text, setText] = useDraftText(numberOf(props.value), codec);

  const leave = (event: FocusEvent<HTMLInputElement>): void => {
    const value = codec.parse(event.target.value);
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
        onChange(codec.parse(event.target.value));
      }}
      onBlur={leave}
      onFocus={() => onFocus(id, codec.parse(text))}
    />
  );
}
