import { isValid, parse } from 'date-fns';
import { parseIsoDate, toIsoDate } from '#engine';

export { formatGermanDate } from '#engine';

const germanDate = /^\d{1,2}\.\d{1,2}\.\d{4}$/;
// A reference date for date-fns `parse`; the pattern sets day, month and year, so it only fills gaps.
const referenceDate = new Date(2000, 0, 1);

/**
 * The ISO date (yyyy-MM-dd) a typed text stands for: German "TT.MM.JJJJ" (also "1.2.2024") or ISO
 * "2024-02-01"; undefined for empty, incomplete or impossible dates ("31.02.2024").
 */
export function parseGermanDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (germanDate.test(trimmed)) {
    const date = parse(trimmed, 'd.M.yyyy', referenceDate);
    return isValid(date) ? toIsoDate(date) : undefined;
  }
  const iso = parseIsoDate(trimmed);
  return iso !== undefined && trimmed.length === 10 ? toIsoDate(iso) : undefined;
}
