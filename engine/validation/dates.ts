import { differenceInCalendarDays, differenceInYears, isValid, parseISO } from 'date-fns';

/** Earliest founding date a company may state (spec section 9: founding year minimum 2019). */
export const FOUNDING_DATE_MIN = '2019-01-01';

/** Calendar date (local time, midnight) of an ISO date or date-time string; undefined if invalid. */
export function parseIsoDate(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(value)) return undefined;
  const date = parseISO(value.slice(0, 10));
  return isValid(date) && value.slice(0, 10) === toIsoDate(date) ? date : undefined;
}

/**
 * The calendar day `day`.`month`.`year` (month 1-12, year from 1) at local midnight; undefined
 * when that day does not exist (31.02.2025, 29.02.2025, month 13, day 0, year 0). Years below 100
 * are those years, not 19xx (date-fns' `isExists` would take 0050 for 1950).
 */
export function calendarDay(year: number, month: number, day: number): Date | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : undefined;
}

/** ISO date (YYYY-MM-DD) of a Date in local time. */
export function toIsoDate(date: Date): string {
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/**
 * Whether an ISO date lies between `min` and `max` days from `today` (both inclusive; negative
 * offsets are in the past). Used for the insurance start date.
 */
export function isDateWithinDays(value: string, min: number, max: number, today: Date): boolean {
  const date = parseIsoDate(value);
  if (date === undefined) return false;
  const offset = differenceInCalendarDays(date, today);
  return offset >= min && offset <= max;
}

/** Age in whole years on `today` of someone born on the ISO date `birthDate`; undefined if invalid. */
export function ageInYears(birthDate: string, today: Date): number | undefined {
  const birth = parseIsoDate(birthDate);
  return birth === undefined ? undefined : differenceInYears(today, birth);
}

/** Whether someone born on `birthDate` is at most `maxYears` old on `today` (N years old passes). */
export function isAgeAtMost(birthDate: string, maxYears: number, today: Date): boolean {
  const age = ageInYears(birthDate, today);
  return age !== undefined && age <= maxYears;
}

/**
 * Whether a founding date is no earlier than {@link FOUNDING_DATE_MIN}. Takes an ISO date or a
 * bare year (2019 or "2019"), as a founding-year field may hold either.
 */
export function isFoundingDateAllowed(value: string | number): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (/^\d{4}$/.test(text)) return text >= FOUNDING_DATE_MIN.slice(0, 4);
  const date = parseIsoDate(text);
  return date !== undefined && toIsoDate(date) >= FOUNDING_DATE_MIN;
}
