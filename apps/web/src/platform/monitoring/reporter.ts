/**
 * Where reportError sends errors. Without a sink (monitoring off) they go to the console. The
 * monitoring SDK loads only when a DSN is configured: while it loads, errors wait in a queue and
 * then go to it; if it cannot load they go to the console after all.
 */
export type ErrorSink = (error: unknown, context: Record<string, unknown>) => void;

type Report = [error: unknown, context: Record<string, unknown>];

let sink: ErrorSink | undefined;
let queue: Report[] | undefined;

const toConsole: ErrorSink = (error, context) => console.error(error, context);

/** Sends every later report (and those queued meanwhile) to the sink; undefined: the console. */
export function setErrorSink(next: ErrorSink | undefined): void {
  sink = next;
  const waiting = queue ?? [];
  queue = undefined;
  for (const [error, context] of waiting) (sink ?? toConsole)(error, context);
}

/** Keeps reports until {@link setErrorSink} is called (the SDK is loading). */
export function holdReports(): void {
  if (!sink) queue ??= [];
}

/** Reports an error with what the app was doing; written to the console when monitoring is off. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  if (sink) sink(error, context);
  else if (queue) queue.push([error, context]);
  else toConsole(error, context);
}
