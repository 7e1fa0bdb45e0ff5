import { useState } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { widgetProps } from './props.ts';

/** A rendered widget whose value lives in state, as in the Wizard's store, plus its spies. */
export interface RenderedWidget extends RenderResult {
  user: UserEvent;
  props: WidgetProps;
  /** The values passed to onChange, in order. */
  changes: () => unknown[];
  /** The value the last onChange passed. */
  lastValue: () => unknown;
}

/** Renders a widget with {@link widgetProps}; onChange updates the value it is rendered with. */
export function renderWidget(
  Widget: ComponentType<WidgetProps>,
  overrides: Partial<WidgetProps> = {},
): RenderedWidget {
  const props = widgetProps(overrides);
  const values: unknown[] = [];
  function Stateful(): ReactElement {
    const [value, setValue] = useState<unknown>(props.value);
    return (
      <Widget
        {...props}
        value={value}
        onChange={(next: unknown) => {
          values.push(next);
          props.onChange(next);
          setValue(next);
        }}
      />
    );
  }
  const result = render(<Stateful />);
  return {
    ...result,
    user: userEvent.setup(),
    props,
    changes: () => [...values],
    lastValue: () => values.at(-1),
  };
}
