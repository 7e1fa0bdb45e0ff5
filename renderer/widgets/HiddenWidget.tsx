import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { textOf } from './controlAttributes.ts';

/** A value the form carries without showing it (no label, not focusable, nothing to describe). */
export function HiddenWidget(props: WidgetProps): ReactElement {
  return <input type="hidden" id={props.id} name={props.id} value={textOf(props.value)} />;
}
