import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ageInYears, validationRuntime } from '../../../engine/validation/index.ts';
import { errorsOf, passes } from './validate.ts';

// Fixed clock: 15 June 2025, 10:30 local time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 5, 15, 10, 30));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the dateWithinDays keyword', () => {
  const startDate = { type: 'string', format: 'date', dateWithinDays: { min: -30, max: 90 } };

  it.each([
    ['today', '2025-06-15', true],
    ['the earliest day, 30 days back', '2025-05-16', true],
    ['one day before the earliest', '2025-05-15', false],
    ['the latest day, 90 days ahead', '2025-09-13', true],
    ['one day after the latest', '2025-09-14', false],
  ])('on %s (%s) gives %s', (_label, date, valid) => {
    expect(passes(startDate, date)).toBe(valid);
  });

  it('allows only today when min and max are both 0', () => {
    const todayOnly = { type: 'string', dateWithinDays: { min: 0, max: 0 } };
    expect(passes(todayOnly, '2025-06-15')).toBe(true);
    expect(passes(todayOnly, '2025-06-14')).toBe(false);
    expect(passes(todayOnly, '2025-06-16')).toBe(false);
  });

  it('follows the clock when the day changes', () => {
    vi.setSystemTime(new Date(2025, 5, 16, 0, 0, 1));
    const todayOnly = { type: 'string', dateWithinDays: { min: 0, max: 0 } };
    expect(passes(todayOnly, '2025-06-16')).toBe(true);
  });

  it('rejects a value that is not a date', () => {
    expect(passes({ type: 'string', dateWithinDays: { min: -1, max: 1 } }, '2025-02-30')).toBe(
      false,
    );
    expect(passes({ type: 'string', dateWithinDays: { min: -1, max: 1 } }, 'morgen')).toBe(false);
  });

  it('reports its limits in the error params', () => {
    const [error] = errorsOf({ type: 'string', dateWithinDays: { min: -1, max: 1 } }, '2026-01-01');
    expect(error).toMatchObject({ keyword: 'dateWithinDays', params: { min: -1, max: 1 } });
  });

  it('refuses a schema whose min exceeds its max', () => {
    expect(() =>
      errorsOf({ type: 'string', dateWithinDays: { min: 5, max: 1 } }, '2025-06-15'),
    ).toThrow(/min/);
  });
});

describe('the maxAge keyword', () => {
  const birthDate = { type: 'string', format: 'date', maxAge: 65 };

  it.each([
    ['turns 65 today', '1960-06-15', true],
    ['turns 66 tomorrow, so is 65 today', '1959-06-16', true],
    ['turns 66 today', '1959-06-15', false],
    ['is 18', '2007-01-01', true],
  ])('accepts or rejects someone who %s (born %s): %s', (_label, born, valid) => {
    expect(passes(birthDate, born)).toBe(valid);
  });

  it('computes whole years, counting the birthday itself', () => {
    const today = new Date(2025, 5, 15);
    expect(ageInYears('1960-06-15', today)).toBe(65);
    expect(ageInYears('1960-06-16', today)).toBe(64);
  });

  it('rejects a value that is not a date', () => {
    expect(passes({ type: 'string', maxAge: 65 }, '15.06.1960')).toBe(false);
  });
});

describe('the foundingYear keyword', () => {
  const founded = { type: ['string', 'integer'], foundingYear: true };

  it.each([
    ['2018-12-31', false],
    ['2019-01-01', true],
    ['2024-07-01', true],
    ['2019', true],
    ['2018', false],
    [2019, true],
    [2018, false],
    ['kein Datum', false],
  ])('gives %s: %s', (value, valid) => {
    expect(passes(founded, value)).toBe(valid);
  });
});

describe('the validation clock', () => {
  it('can be fixed by replacing validationRuntime.now', () => {
    vi.useRealTimers();
    const now = vi.spyOn(validationRuntime, 'now').mockReturnValue(new Date(2030, 0, 1, 12));
    try {
      expect(passes({ type: 'string', dateWithinDays: { min: 0, max: 0 } }, '2030-01-01')).toBe(
        true,
      );
    } finally {
      now.mockRestore();
    }
  });
});
