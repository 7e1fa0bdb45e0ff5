/**
 * `{"listItems": [values, field]}`: a list of plain values as the items of a list field (an array
 * of objects), each value under `field`: `["Café"]` with `"gewerbe"` is `[{ "gewerbe": "Café" }]`.
 * A rule can so fill a list from data that holds plain values (the business types of a loaded
 * contract). Empty values (null, "") are left out; anything but a list answers null.
 */
export function listItemsOperator([values, field]: unknown[]): Record<string, unknown>[] | null {
  if (!Array.isArray(values) || typeof field !== 'string' || field === '') return null;
  return values
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map((value) => ({ [field]: value }));
}

/**
 * `{"itemWith": [list, field, value]}`: the first item of a list of objects whose `field` equals
 * `value` (the option of a contract whose key a change names), or null when none does.
 */
export function itemWithOperator([list, field, value]: unknown[]): unknown {
  if (!Array.isArray(list) || typeof field !== 'string') return null;
  const found: unknown = list.find(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      (item as Record<string, unknown>)[field] === value,
  );
  return found ?? null;
}
