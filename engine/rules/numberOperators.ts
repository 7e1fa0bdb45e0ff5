/**
 * `{"decimal": [value]}`: the number a value stands for: a number as it is, a string of digits with
 * a decimal comma or point (`"1500"`, `"1500,50"`, `"1500.5"`, as the contract API takes sums); null
 * for anything else (an empty string, letters, thousands separators).
 */
export function decimalOperator([value]: unknown[]): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^-?[0-9]+([.,][0-9]+)?$/.test(value.trim())) return null;
  return Number(value.trim().replace(',', '.'));
}
