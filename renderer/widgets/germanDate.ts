import { calendarDay, parseIsoDate, toIsoDate } from '#engine';

export { formatGermanDate } from '#engine';

// Day and month with one or two digits, the year with four (as date-fns `parse` with "d.M.yyyy"
// read it before; the regex and `calendarDay` replace that parser, which weighed 4 KB gzip).
const germanDate = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * The ISO date (yyyy-MM-dd) a typed text stands for: German "TT.MM.JJJJ" (also "1.2.2024") or ISO
 * "2024-02-01"; undefined for empty, incomplete or impossible dates ("31.02.2024").
 */
export function parseGermanDate(text: string): string | undefined {
  const trimmed = text.trim();
  const german = germanDate.exec(trimmed);
  if (german) {
    const [, day, month, year] = german;
    const date = calendarDay(Number(year), Number(month), Number(day));
    return date === undefined ? undefined : toIsoDate(date);
  }
  const iso = parseIsoDate(trimmed);
  return iso !== undefined && trimmed.length === 10 ? toIsoDate(iso) : undefined;
}
