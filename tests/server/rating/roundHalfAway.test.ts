import { describe, expect, it } from 'vitest';
import { roundHalfAway } from '../../../apps/server/src/rating/index.ts';

describe('rounding of premiums', () => {
  it('rounds a decimal half away from zero, also where binary floating point misses it', () => {
    // 517.50 * 1.19 is 615.825 exactly; as a double it is 615.8249999999999.
    expect(roundHalfAway(517.5 * 1.19, 2)).toBe(615.83);
    expect(roundHalfAway(273.105, 2)).toBe(273.11);
    expect(roundHalfAway(-2.675, 2)).toBe(-2.68);
    expect(roundHalfAway(1.004, 2)).toBe(1);
    expect(roundHalfAway(1972.544, 2)).toBe(1972.54);
  });
});
