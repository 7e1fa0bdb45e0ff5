import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  differenceInYears,
  startOfMonth,
} from 'date-fns';
import { parseIsoDate, toIsoDate } from '../validation/dates.ts';

/** A rule operator over ISO dates: its arguments, evaluated; null when an argument is unusable. */
type DateOperator = (args: unknown[]) => string | number | null;

const dateOf = (value: unknown): Date | undefined =>
  typeof value === 'string' ? parseIsoDate(value) : undefined;

const wholeNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/**
 * The date operators every rule may use (definitions and tariffs alike). Dates are ISO strings
 * (YYYY-MM-DD), which the standard comparisons (`<`, `<=`, `==`) already order correctly. Each
 * operator answers null when a date is missing or invalid, so a rule over an unanswered field
 * is simply not true.
 *
 * - `{"addDays": [date, n]}`: the date n calendar days later (n may be negative).
 * - `{"addMonths": [date, n]}`: n months later; a day the target month lacks becomes its last.
 * - `{"firstOfMonth": [date, n]}`: the first day of the month n months after the date's month
 *   (n = 1: the start of next month, a change that takes effect then).
 * - `{"daysBetween": [from, to]}`: calendar days from `from` to `to` (negative when before).
 * - `{"yearsBetween": [from, to]}`: whole years from `from` to `to` (an age on a day).
 * - `{"dayOfMonth": [date]}`, `{"monthOfYear": [date]}`: the day (1..31) and month (1..12) of a
 *   date (a contract's main due date from its start).
 */
export const DATE_OPERATORS: Readonly<Record<string, DateOperator>> = {
  addDays: ([date, days]) => {
    const day = dateOf(date);
    const n = wholeNumber(days);
    return day && n !== undefined ? toIsoDate(addDays(day, n)) : null;
  },
  addMonths: ([date, months]) => {
    const day = dateOf(date);
    const n = wholeNumber(months);
    return day && n !== undefined ? toIsoDate(addMonths(day, n)) : null;
  },
  firstOfMonth: ([date, months]) => {
    const day = dateOf(date);
    const n = wholeNumber(months);
    return day && n !== undefined ? toIsoDate(addMonths(startOfMonth(day), n)) : null;
  },
  daysBetween: ([from, to]) => {
    const a = dateOf(from);
    const b = dateOf(to);
    return a && b ? differenceInCalendarDays(b, a) : null;
  },
  yearsBetween: ([from, to]) => {
    const a = dateOf(from);
    const b = dateOf(to);
    return a && b ? differenceInYears(b, a) : null;
  },
  dayOfMonth: ([date]) => dateOf(date)?.getDate() ?? null,
  monthOfYear: ([date]) => {
    const day = dateOf(date);
    return day ? day.getMonth() + 1 : null;
  },
};
