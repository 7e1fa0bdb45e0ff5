import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatNumber, roundHalfAway } from '../../../engine/index.ts';
import { brandMarket } from '../../support/definitions.ts';

describe('the one rounding of money', () => {
  it('rounds a decimal half away from zero, also where binary floating point misses it', () => {
    // 517.50 * 1.19 is 615.825 exactly; as a double it is 615.8249999999999.
    expect(roundHalfAway(517.5 * 1.19, 2)).toBe(615.83);
    // 1.005 is stored as 1.00499999999999989…
    expect(roundHalfAway(1.005, 2)).toBe(1.01);
    expect(roundHalfAway(2.01 / 2, 2)).toBe(1.01);
    expect(roundHalfAway(273.105, 2)).toBe(273.11);
    expect(roundHalfAway(-2.675, 2)).toBe(-2.68);
    expect(roundHalfAway(1.004, 2)).toBe(1);
    expect(roundHalfAway(1972.544, 2)).toBe(1972.54);
    expect(roundHalfAway(-0.001, 2)).toBe(0);
  });

  it('rounds whole units the same way (an adjusted revenue)', () => {
    expect(roundHalfAway(1010 * 1.05, 0)).toBe(1061);
    expect(roundHalfAway(412_345.5, 0)).toBe(412_346);
    expect(roundHalfAway(-0.5, 0)).toBe(-1);
  });

  it('writes an amount with the cents the rounding gives, not those of the binary value', () => {
    const andsafe = brandMarket('andsafe');
    const swiss = brandMarket('protect-ch');
    expect(formatMoney(517.5 * 1.19, andsafe)).toBe('615,83\u00a0€');
    expect(formatMoney(1.005, andsafe)).toBe('1,01\u00a0€');
    expect(formatMoney(1.005, swiss)).toBe('CHF\u00a01.01');
    expect(formatAmount(1.005, andsafe)).toBe('1,01\u00a0€');
    expect(formatNumber(1.005, 'de')).toBe('1,01');
    expect(formatNumber(2.5, 'de', 0)).toBe('3');
  });
});
