/**
 * Stands in for fast-uri in @rjsf/utils (the build's `smallUriResolver` plugin in vite.config.ts
 * points its import here). rjsf uses only `resolve` and `equal`, to follow `$ref`s between
 * schemas with `$id`s; our step schemas are self-contained (no `$id`, no `$ref`), and the
 * browser's URL parser does the same work without shipping a second one (fast-uri: ~6 KB gzip
 * on every flow route).
 */

function absolute(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

/** `ref` resolved against `base` (RFC 3986); a relative base keeps a relative result. */
function resolve(base: string, ref: string): string {
  if (absolute(ref)) return ref;
  const baseUrl = absolute(base);
  if (baseUrl) return new URL(ref, baseUrl).href;
  if (ref.startsWith('#')) return `${base.split('#')[0] ?? ''}${ref}`;
  return ref;
}

/** Whether two URIs are the same after normalisation (scheme and host case, dot segments). */
function equal(a: string, b: string): boolean {
  const normal = (uri: string) => absolute(uri)?.href ?? uri;
  return normal(a) === normal(b);
}

const uriResolver = { resolve, equal };
export default uriResolver;
export { resolve, equal };
