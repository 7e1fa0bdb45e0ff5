import { describe, expect, it } from 'vitest';
import { calendarDay, toIsoDate } from '../../../engine/validation/index.ts';

const iso = (year: number, month: number, day: number): string | undefined => {
  const date = calendarDay(year, month, day);
  return date && toIsoDate(date);
};

describe('calendarDay', () => {
  it('gives the day at local midnight when it exists', () => {
    const date = calendarDay(2025, 6, 15);
    expect(date && [date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2025, 5, 15]);
    expect(date && [date.getHours(), date.getMinutes(), date.getSeconds()]).toEqual([0, 0, 0]);
  });

  it('accepts 29 February only in leap years', () => {
    expect(iso(2024, 2, 29)).toBe('2024-02-29');
    expect(iso(2000, 2, 29)).toBe('2000-02-29');
    expect(iso(2025, 2, 29)).toBeUndefined();
    expect(iso(1900, 2, 29)).toBeUndefined();
  });

  it('refuses days a month lacks, day 0, month 0 and 13, and year 0', () => {
    expect(iso(2025, 2, 31)).toBeUndefined();
    expect(iso(2025, 4, 31)).toBeUndefined();
    expect(iso(2025, 1, 0)).toBeUndefined();
    expect(iso(2025, 0, 1)).toBeUndefined();
    expect(iso(2025, 13, 1)).toBeUndefined();
    expect(iso(0, 1, 1)).toBeUndefined();
  });

  it('keeps years below 100 as they are', () => {
    expect(iso(50, 1, 1)).toBe('0050-01-01');
    expect(iso(4, 2, 29)).toBe('0004-02-29');
  });
});
