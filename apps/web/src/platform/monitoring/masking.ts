import type { Breadcrumb, Event } from '@sentry/react';

// Order matters: e-mail addresses, labelled customer numbers, contract numbers, then bare digit runs.
const RULES: readonly [RegExp, string][] = [
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [
    /\b(kunden-?(?:nummer|nr)|partner-?(?:nummer|nr)|customer-?(?:number|id)|vermittler-?(?:nummer|nr))(["'\s:=/#]*)[A-Za-z0-9-]+/gi,
    '$1$2[customer]',
  ],
  [/\b[A-Z]{1,5}-\d{4,}\b/g, '[contract]'],
  [/\d{4,}/g, '[digits]'],
];

/** A text with contract numbers, customer numbers, e-mail addresses and digit runs masked. */
export function maskText(text: string): string {
  return RULES.reduce(
    (masked, [pattern, replacement]) => masked.replace(pattern, replacement),
    text,
  );
}

/** A copy of a JSON-like value with every string (and every object key's value) masked. */
export function maskValue<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return maskText(value) as T;
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => maskValue(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]: [string, unknown]) => [
      key,
      maskValue(item, depth + 1),
    ]),
  ) as T;
}

/**
 * An event with personal data masked in its message, exception values, breadcrumbs, request
 * (URL, query, data, headers), transaction, tags, extra data and contexts; the user is dropped.
 * Stack frames stay as they are (file names and line numbers).
 */
export function maskEvent<T extends Event>(event: T): T {
  const masked: T = { ...event };
  if (masked.message !== undefined) masked.message = maskText(masked.message);
  if (masked.logentry) masked.logentry = maskValue(masked.logentry);
  if (masked.transaction !== undefined) masked.transaction = maskText(masked.transaction);
  if (masked.exception?.values) {
    masked.exception = {
      ...masked.exception,
      values: masked.exception.values.map((exception) => ({
        ...exception,
        ...(exception.value === undefined ? {} : { value: maskText(exception.value) }),
      })),
    };
  }
  if (masked.breadcrumbs) masked.breadcrumbs = masked.breadcrumbs.map(maskBreadcrumb);
  if (masked.request) masked.request = maskValue(masked.request);
  if (masked.tags) masked.tags = maskValue(masked.tags);
  if (masked.extra) masked.extra = maskValue(masked.extra);
  if (masked.contexts) masked.contexts = maskValue(masked.contexts);
  delete masked.user;
  return masked;
}

/** A breadcrumb with its message and data masked. */
export function maskBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return {
    ...breadcrumb,
    ...(breadcrumb.message === undefined ? {} : { message: maskText(breadcrumb.message) }),
    ...(breadcrumb.data === undefined ? {} : { data: maskValue(breadcrumb.data) }),
  };
}
