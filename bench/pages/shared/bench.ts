/** What every bench page exposes to the driver (bench/typing.mjs). */
export interface BenchHook {
  /** Number of fields on the page. */
  n: number;
  /** The first field's value as the engine's own state holds it. */
  firstValue: () => unknown;
}

declare global {
  interface Window {
    __bench?: BenchHook;
  }
}

/** Number of fields the page renders: `?n=` (default 200). */
export function fieldCount(): number {
  const n = Number(new URLSearchParams(window.location.search).get('n') ?? '200');
  return Number.isInteger(n) && n > 0 ? n : 200;
}

/** Property name of field i (1-based), as bench/flow/generate.ts names them. */
export const fieldName = (i: number): string => `feld${String(i).padStart(3, '0')}`;

/** The same step as plain JSON Schema: N optional strings of at most 50 characters. */
export function longSchema(n: number): {
  type: 'object';
  properties: Record<string, { type: 'string'; maxLength: number; title: string }>;
} {
  const properties: Record<string, { type: 'string'; maxLength: number; title: string }> = {};
  for (let i = 1; i <= n; i++)
    properties[fieldName(i)] = { type: 'string', maxLength: 50, title: `Feld ${i}` };
  return { type: 'object', properties };
}

/** Publishes the hook and marks the page ready for the driver. */
export function expose(hook: BenchHook): void {
  window.__bench = hook;
}
