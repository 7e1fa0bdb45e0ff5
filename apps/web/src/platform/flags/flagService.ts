import ky from 'ky';

/** How long the app waits for the flag service before it runs on the defaults (spec section 9). */
export const FLAG_INIT_TIMEOUT_MS = 2000;

/** Flag values by key. */
export type FlagValues = Readonly<Record<string, boolean>>;

/** Options of {@link loadFlags}. */
export interface LoadFlagsOptions {
  /** Client-side id of the flag service's environment. */
  clientId: string;
  /** A path on the app's origin (the reference backend's endpoint) or an https URL; absent: the service's hosts. */
  baseUrl?: string;
  /** The app's origin, for a path `baseUrl`. */
  origin: string;
  /** The anonymous user's id (from its cookie). */
  userId: string;
  /** Every known flag with its default (definitions/flags.json). */
  defaults: FlagValues;
  /** The fetch the call goes through (tests pass a fake). */
  fetch?: typeof fetch;
}

/** Where the flag values came from. */
export interface LoadedFlags {
  values: FlagValues;
  source: 'service' | 'defaults';
}

/** The flag service's own host for client-side evaluation, where the environment names none. */
export const FLAG_SERVICE_HOST = 'https://app.launchdarkly.com';

/** Base64url of a string's UTF-8 bytes, without padding (the service's context encoding). */
function base64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * The service's client-side evaluation of every flag for an anonymous user: the request its
 * browser SDK makes (GET /sdk/evalx/{clientId}/contexts/{base64url context}), on the environment's
 * endpoint (a path on the app's origin, locally the reference backend) or the service's host.
 */
export function evaluationUrl(
  options: Pick<LoadFlagsOptions, 'clientId' | 'baseUrl' | 'origin' | 'userId'>,
): string {
  const { baseUrl, origin } = options;
  const base =
    baseUrl === undefined
      ? FLAG_SERVICE_HOST
      : baseUrl.startsWith('/')
        ? `${origin}${baseUrl}`
        : baseUrl;
  const context = { kind: 'user', key: options.userId, anonymous: true };
  return `${base.replace(/\/$/, '')}/sdk/evalx/${encodeURIComponent(options.clientId)}/contexts/${base64Url(JSON.stringify(context))}`;
}

/** The boolean value of each known flag in an evaluation answer (`{ key: { value, ... } }`). */
export function evaluatedValues(answer: unknown, defaults: FlagValues): Record<string, boolean> {
  const values: Record<string, boolean> = { ...defaults };
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return values;
  for (const key of Object.keys(defaults)) {
    const flag: unknown = (answer as Record<string, unknown>)[key];
    const value: unknown =
      typeof flag === 'object' && flag !== null ? (flag as { value?: unknown }).value : undefined;
    if (typeof value === 'boolean') values[key] = value;
  }
  return values;
}

/**
 * Asks the flag service for the flags of the anonymous user and waits at most 2000 ms; afterwards,
 * or when it fails or answers something else than an object of flags, the app runs on the
 * defaults. Only known flags with boolean values are taken. Throws when called without a browser
 * window (the server must not use the client-side service).
 *
 * One GET, no SDK: streaming, goals and events are off for this app, so the service's browser SDK
 * (17.5 KB gzip on every route) would only make this request (docs/decisions.md).
 */
export async function loadFlags(options: LoadFlagsOptions): Promise<LoadedFlags> {
  if (typeof window === 'undefined')
    throw new Error('The client-side flag service can only run in a browser');
  const defaults = { ...options.defaults };
  try {
    const answer: unknown = await ky
      .get(evaluationUrl(options), {
        timeout: FLAG_INIT_TIMEOUT_MS,
        retry: 0,
        credentials: 'omit',
        cache: 'no-store',
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
      .json();
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
      return { values: defaults, source: 'defaults' };
    return { values: evaluatedValues(answer, defaults), source: 'service' };
  } catch {
    return { values: defaults, source: 'defaults' };
  }
}
