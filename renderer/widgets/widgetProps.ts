import type { WidgetProps as RjsfWidgetProps } from '@rjsf/utils';
import type { FieldRegistry } from '../fieldShapes.ts';

/** A props type without its index signature: only the named props remain. */
type Named<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/**
 * What a widget receives: rjsf's named widget props, of the registry only what our widgets read
 * (the form context and the id rules), so a field can render its widget without rjsf's registry.
 */
export type WidgetProps = Omit<Named<RjsfWidgetProps>, 'registry'> & { registry: FieldRegistry };
