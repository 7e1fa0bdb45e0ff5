import type { TextLookup } from '../definition/i18n.ts';
import { DEFAULT_FIELD_ERROR } from '../validation/messages.ts';
import type { FieldProblem } from './stepProblems.ts';

/** The first of some keys that has a text, with the values filled in. */
export function firstText(
  keys: readonly string[],
  text: TextLookup,
  values?: Record<string, unknown>,
): string | undefined {
  for (const key of keys) {
    const found = text(key, values);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The values a problem's text reads: a numeric `limit` is also the `count` that chooses the text's
 * plural form ("mindestens 1 reisende Person", "mindestens 3 Reisende").
 */
function textValues(values: Record<string, unknown> | undefined) {
  const limit = values?.['limit'];
  return typeof limit === 'number' && values?.['count'] === undefined
    ? { ...values, count: limit }
    : values;
}

/**
 * The German message of a problem, as the field and the error summary show it and the server
 * answers it: the first of its keys with a text (values such as `{{limit}}` filled in, the plural
 * form chosen by the limit), else `common:errors.default`. A problem inside a list item names the item first: the item's heading
 * (`<prefix>.<list>.item`, else `common:list.item`, with `{{nummer}}`) joined by
 * `common:list.itemError` ("Person 2: Bitte geben Sie ein Geburtsdatum an.").
 */
export function problemMessage(problem: FieldProblem, text: TextLookup): string {
  const message =
    firstText(problem.keys, text, textValues(problem.values)) ??
    text('common:errors.default') ??
    DEFAULT_FIELD_ERROR;
  if (!problem.item) return message;
  const item =
    firstText(problem.item.keys, text, { nummer: problem.item.nummer }) ??
    String(problem.item.nummer);
  return text('common:list.itemError', { item, message }) ?? `${item}: ${message}`;
}
