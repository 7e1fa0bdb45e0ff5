import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { choiceId, choicesOf } from './choices.ts';
import { controlAttributes } from './controlAttributes.ts';
import { radioLayout } from './radioLayout.ts';

/**
 * A group of native radio inputs, each with its label beside it (the FieldTemplate puts the
 * fieldset and legend around them; arrow keys move between them natively). Layout follows
 * {@link radioLayout}; `ui:options.inline: false` forces one option per row.
 */
export function RadioWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const choices = choicesOf(props);
  const layout =
    props.options.inline === false ? 'stacked' : radioLayout(choices.map((choice) => choice.label));
  const attributes = controlAttributes(props);
  return (
    <div className={`radio radio--${layout}`}>
      {choices.map((choice, index) => {
        const inputId = choiceId(id, index);
        return (
          <div className="radio__item" key={inputId}>
            <input
              {...attributes}
              id={inputId}
              className="radio__input"
              type="radio"
              autoFocus={attributes.autoFocus && index === 0}
              disabled={attributes.disabled || choice.disabled}
              value={String(index)}
              checked={Object.is(choice.value, props.value)}
              onChange={() => onChange(choice.value)}
              onBlur={() => onBlur(id, props.value)}
              onFocus={() => onFocus(id, props.value)}
            />
            <label className="radio__label" htmlFor={inputId}>
              {choice.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
