/** What {@link parentOriginOf} reads of the platform's window. */
export interface EmbeddedWindow {
  self: unknown;
  parent: unknown;
  location: { ancestorOrigins?: { readonly length: number; item(index: number): string | null } };
  document: { referrer: string };
}

/**
 * The exact origin of the page embedding the platform, when it is in the allowlist: the first
 * ancestor origin (Chromium, Safari), else the referrer's origin. Undefined when not embedded or
 * when the embedder is not allowed ("null" never is).
 */
export function parentOriginOf(
  win: EmbeddedWindow,
  allowedOrigins: readonly string[],
): string | undefined {
  if (win.parent === win.self) return undefined;
  let origin: string | null | undefined = win.location.ancestorOrigins?.item(0);
  if (!origin && win.document.referrer) {
    try {
      origin = new URL(win.document.referrer).origin;
    } catch {
      origin = undefined;
    }
  }
  if (!origin || origin === 'null') return undefined;
  return allowedOrigins.includes(origin) ? origin : undefined;
}
