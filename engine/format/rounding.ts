/**
 * The one rounding of money: every premium, tax, pro-rata amount and revenue the platform computes
 * (the rating of applications, the pricing of contract changes, the settle sweep) and every amount
 * it writes (documents, the browser) is rounded here.
 */

/** Significant digits a double holds for any decimal: its value cut to them is the decimal meant. */
const DECIMAL_DIGITS = 15;

/**
 * Rounds half away from zero to `scale` decimals (2: cents; 0: whole units) on the decimal value:
 * the scaled value is first cut to 15 significant digits, so that a decimal half which binary
 * floating point misses by a hair still rounds away from zero (517.50 × 1.19 = 615.825 is computed
 * as 615.8249999…: 615.83; 1.005 is stored as 1.00499999…: 1.01; -2.675: -2.68).
 */
export function roundHalfAway(value: number, scale: number): number {
  const factor = 10 ** scale;
  const scaled = Number((Math.abs(value) * factor).toPrecision(DECIMAL_DIGITS));
  // + 0 turns a negative zero (a tiny negative amount) into 0.
  return (Math.sign(value) * Math.round(scaled)) / factor + 0;
}
