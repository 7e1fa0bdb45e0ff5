/** Default image quality (spec section 9). */
export const DEFAULT_IMAGE_QUALITY = 82;

/** Hosts of the content network whose images are served through the local /images path. */
export const CONTENT_IMAGE_HOSTS: ReadonlySet<string> = new Set([
  'images.ctfassets.net',
  'images.eu.ctfassets.net',
]);

/** Size and quality of a rewritten image. */
export interface ImageOptions {
  width?: number;
  quality?: number;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return undefined;
  }
}

/**
 * A content-network image URL rewritten to the local `/images` path as webp with width and
 * quality (default 82). SVGs, other hosts and anything that is not a URL stay untouched.
 */
export function imageUrl(url: string, options: ImageOptions = {}): string {
  const parsed = parse(url);
  if (!parsed || parsed.protocol !== 'https:' || !CONTENT_IMAGE_HOSTS.has(parsed.hostname))
    return url;
  if (parsed.pathname.toLowerCase().endsWith('.svg')) return url;
  const params = new URLSearchParams({ fm: 'webp' });
  if (options.width !== undefined) params.set('w', String(Math.max(1, Math.round(options.width))));
  const quality = Math.min(100, Math.max(1, Math.round(options.quality ?? DEFAULT_IMAGE_QUALITY)));
  params.set('q', String(quality));
  return `/images${parsed.pathname}?${params.toString()}`;
}
