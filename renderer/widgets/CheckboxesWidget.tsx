import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { choiceId, choicesOf } from './choices.ts';
import { controlAttributes } from './controlAttributes.ts';

/**
 * A group of boxes for a multiple choice (an array of enum values), each with its label beside
 * it; the FieldTemplate puts the fieldset and legend around them. The stored array keeps the
 * schema's order; no box is marked required (the rule is about the group, not each box).
 */
export function CheckboxesWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const choices = choicesOf(props);
  const selected: unknown[] = Array.isArray(props.value) ? props.value : [];
  const isSelected = (value: unknown): boolean => selected.some((item) => Object.is(item, value));
  const toggle = (value: unknown, on: boolean): void => {
    const next = choices
      .map((choice) => choice.value)
      .filter((candidate) => (Object.is(candidate, value) ? on : isSelected(candidate)));
    onChange(next.length === 0 ? undefined : next);
  };
  const attributes = controlAttributes(props);
  return (
    <div className="checkboxes">
      {choices.map((choice, index) => {
        const inputId = choiceId(id, index);
        return (
          <div className="checkbox" key={inputId}>
            <input
              {...attributes}
              id={inputId}
              className="checkbox__input"
              type="checkbox"
              required={false}
              autoFocus={attributes.autoFocus && index === 0}
              disabled={attributes.disabled || choice.disabled}
              value={String(index)}
              checked={isSelected(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
              onBlur={() => onBlur(id, props.value)}
              onFocus={() => onFocus(id, props.value)}
            />
            <label className="checkbox__label" htmlFor={inputId}>
              {choice.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
