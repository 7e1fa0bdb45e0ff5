import { addDays, format } from 'date-fns';

/** A day counted from today, as a German user types it (dd.MM.yyyy). */
export const germanDay = (offset: number): string =>
  format(addDays(new Date(), offset), 'dd.MM.yyyy');

/** The first day of a month counted from this one, as typed (dd.MM.yyyy) and as ISO. */
export function firstOfMonth(monthsAhead: number): { typed: string; iso: string } {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() + monthsAhead, 1);
  return { typed: format(day, 'dd.MM.yyyy'), iso: format(day, 'yyyy-MM-dd') };
}
