import { createContext } from 'react';
import { firstText, listTextKeys, type ListText } from '#engine';
import { textLookupOf, type RendererFormContext } from '../formContext.ts';

/** The text path of a field: its rjsf path without list indexes (`personen.vorname`). */
export function textPathOf(path: readonly (string | number)[]): string {
  return path.filter((segment) => typeof segment === 'string' && !/^\d+$/.test(segment)).join('.');
}

/**
 * A text of a list (`item` heading, `add`, `remove`, `removed`): the flow's own
 * `<prefix>.<list>.<which>`, else the shared `common:list.<which>`.
 */
export function listText(
  context: RendererFormContext,
  list: string,
  which: ListText,
  values?: Record<string, unknown>,
): string {
  const keys = listTextKeys(context.i18nPrefix, list, which);
  return (
    firstText(keys, textLookupOf(context), values) ?? context.t(`common:list.${which}`, values)
  );
}

/** The heading of item `index` (from 0) of a list: "Person 2". */
export function itemHeading(context: RendererFormContext, list: string, index: number): string {
  return listText(context, list, 'item', { nummer: index + 1 });
}

/** What an item tells its list: that it is being removed (focus and announcement follow). */
export interface ListActions {
  removing: (index: number) => void;
}

/** The list around an item, for its remove button. */
export const ListContext = createContext<ListActions | null>(null);
