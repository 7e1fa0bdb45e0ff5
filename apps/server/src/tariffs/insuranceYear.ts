import { differenceInCalendarDays, parseISO } from 'date-fns';

/** The day and month on which the insurance year starts (Hauptfälligkeit). */
export interface Hauptfaelligkeit {
  day: number;
  month: number;
}

/** An insurance year: from its start (inclusive) to the next main due date (exclusive). */
export interface InsuranceYear {
  start: Date;
  end: Date;
  days: number;
}

function dueDateIn(year: number, due: Hauptfaelligkeit): Date {
  // A 29 February or 31st falls back to the month's last day.
  const lastDay = new Date(Date.UTC(year, due.month, 0)).getUTCDate();
  return new Date(Date.UTC(year, due.month - 1, Math.min(due.day, lastDay)));
}

/** Parses an ISO date (yyyy-MM-dd) as a UTC calendar day. */
export function parseDay(iso: string): Date {
  const parsed = parseISO(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) throw new Error(`Kein gültiges Datum: ${iso}`);
  return parsed;
}

/** The insurance year that contains `day`. */
export function insuranceYearOf(day: Date, due: Hauptfaelligkeit): InsuranceYear {
  const year = day.getUTCFullYear();
  let start = dueDateIn(year, due);
  if (start.getTime() > day.getTime()) start = dueDateIn(year - 1, due);
  const end = dueDateIn(start.getUTCFullYear() + 1, due);
  return { start, end, days: differenceInCalendarDays(end, start) };
}

/**
 * The share of the insurance year from `day` (inclusive) to the next main due date, between 0
 * (exclusive) and 1 (inclusive).
 */
export function remainingShare(day: Date, due: Hauptfaelligkeit): number {
  const year = insuranceYearOf(day, due);
  return differenceInCalendarDays(year.end, day) / year.days;
}
