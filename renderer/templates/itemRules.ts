import { createContext } from 'react';

/**
 * The fields of an item of a list (a top-level field of the step) that are irrelevant now, by the
 * step's irrelevantWhen rules keyed `<list>.<field>`; `item` is the item's answers as shown.
 */
export type HiddenItemFields = (list: string, item: unknown) => readonly string[];

/** The step's item rules, for the template of each list item (no rules: nothing hidden). */
export const ItemRulesContext = createContext<HiddenItemFields>(() => []);
