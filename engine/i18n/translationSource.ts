/**
 * Which translation bundles the web app loads, and where: the rule the app follows and the server
 * preloads by (both read it here, neither from the other).
 */
/** Which translation bundles the app loads. */
export type TranslationSource = 'preview' | 'live';

/** Hosts that count as local: they always load the preview bundles. */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The flag that switches any host to the preview bundles. */
export const PREVIEW_FLAG = 'use-contentful-preview';

/** Preview when the flag use-contentful-preview is on or the host is local; otherwise live. */
export function translationSource(
  hostname: string,
  flags: Readonly<Record<string, boolean>>,
): TranslationSource {
  return flags[PREVIEW_FLAG] === true || LOCAL_HOSTS.has(hostname) ? 'preview' : 'live';
}

/** The URL of a namespace's bundle: /api/i18n/{preview|live}/{namespace}. */
export function bundlePath(source: TranslationSource, namespace: string): string {
  return `/api/i18n/${source}/${encodeURIComponent(namespace)}`;
}
