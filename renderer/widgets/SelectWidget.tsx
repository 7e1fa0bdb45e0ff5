import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { formContextOf } from '../formContext.ts';
import { choicesOf } from './choices.ts';
import { autocompleteOf, controlAttributes } from './controlAttributes.ts';

// The empty first option; the others carry their index, so enum values of any type survive.
const EMPTY = '';

/** A native select whose first option is empty ("Bitte auswählen"), then the enum choices. */
export function SelectWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const { t } = formContextOf(props.registry);
  const choices = choicesOf(props);
  const valueOf = (selected: string): unknown =>
    selected === EMPTY ? undefined : choices[Number(selected)]?.value;
  const selectedIndex = choices.findIndex((choice) => Object.is(choice.value, props.value));
  return (
    <select
      {...controlAttributes(props)}
      className="select"
      autoComplete={autocompleteOf(props)}
      value={selectedIndex === -1 ? EMPTY : String(selectedIndex)}
      onChange={(event) => onChange(valueOf(event.target.value))}
      onBlur={(event) => onBlur(id, valueOf(event.target.value))}
      onFocus={(event) => onFocus(id, valueOf(event.target.value))}
    >
      <option value={EMPTY}>{t('common:widgets.select.placeholder')}</option>
      {choices.map((choice, index) => (
        <option key={String(index)} value={String(index)} disabled={choice.disabled}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
