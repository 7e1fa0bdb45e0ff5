import { formatISO } from 'date-fns';

let now: () => Date = () => new Date();

/**
 * The web app's one clock: every rule that reads context.today, and every page that decides by
 * date (which changes apply to a contract), asks it. Tests set another with {@link setClock}.
 */
export function today(): string {
  return formatISO(now(), { representation: 'date' });
}

/** Replaces the clock (tests); without an argument the real one is back. */
export function setClock(clock?: () => Date): void {
  now = clock ?? (() => new Date());
}
