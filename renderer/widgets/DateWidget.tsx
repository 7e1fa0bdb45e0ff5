import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { formContextOf } from '../formContext.ts';
import { autocompleteOf, controlAttributes } from './controlAttributes.ts';
import { formatGermanDate, parseGermanDate } from './germanDate.ts';
import { useDraftText } from './useDraftText.ts';

const dateCodec = { format: formatGermanDate, parse: parseGermanDate };

/**
 * A date typed as text in German form (TT.MM.JJJJ; ISO is accepted too). The spec's rule "a date
 * input turns its text into a date or an empty value": the stored value is the ISO date once the
 * text is a complete valid date, otherwise undefined; the typed text itself stays as typed and is
 * only tidied to TT.MM.JJJJ when the field is left with a valid date.
 */
export function DateWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const { t } = formContextOf(props.registry);
  const value = typeof props.value === 'string' ? props.value : undefined;
  const [text, setText] = useDraftText(value, dateCodec);

  return (
    <input
      {...controlAttributes(props)}
      className="input input--date"
      type="text"
      placeholder={t('common:widgets.date.placeholder')}
      autoComplete={autocompleteOf(props)}
      readOnly={props.readonly === true}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseGermanDate(event.target.value));
      }}
      onBlur={(event) => {
        const iso = parseGermanDate(event.target.value);
        if (iso !== undefined) setText(formatGermanDate(iso));
        onBlur(id, iso);
      }}
      onFocus={() => onFocus(id, parseGermanDate(text))}
    />
  );
}
