import { describe, expect, it } from 'vitest';
import { evaluateRule } from '#engine';

describe('the decimal operator', () => {
  it('reads numbers and sums written with a decimal comma or point', () => {
    const decimal = (value: unknown) =>
      evaluateRule({ decimal: [{ var: 'wert' }] }, { wert: value });
    expect(decimal('1500')).toBe(1500);
    expect(decimal('1500,50')).toBe(1500.5);
    expect(decimal(' 1500.5 ')).toBe(1500.5);
    expect(decimal(2500)).toBe(2500);
  });

  it('answers null for what is no number', () => {
    const decimal = (value: unknown) =>
      evaluateRule({ decimal: [{ var: 'wert' }] }, { wert: value });
    for (const value of ['', '1.500,00', 'zwei', '12a', null, true, {}])
      expect(decimal(value)).toBeNull();
  });
});
