import type { LDClient, LDContext, LDOptions } from 'launchdarkly-js-client-sdk';

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
  /** The SDK's initialize (tests pass a fake). */
  initialize?: (clientId: string, context: LDContext, options: LDOptions) => LDClient;
}

/** Where the flag values came from. */
export interface LoadedFlags {
  values: FlagValues;
  source: 'service' | 'defaults';
}

/** The SDK options: URLs of the flag endpoint, no streaming, goals or diagnostics. */
export function flagSdkOptions(baseUrl: string | undefined, origin: string): LDOptions {
  const base = baseUrl?.startsWith('/') ? `${origin}${baseUrl}` : baseUrl;
  return {
    ...(base ? { baseUrl: base, streamUrl: base, eventsUrl: base } : {}),
    streaming: false,
    fetchGoals: false,
    diagnosticOptOut: true,
    sendEventsOnlyForVariation: true,
  };
}

const timeout = (ms: number): Promise<'timeout'> =>
  new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));

const loadSdk = () => import('launchdarkly-js-client-sdk');

/** The promise's value, or undefined when the deadline comes first. */
async function raceDeadline<T>(
  promise: Promise<T>,
  deadline: Promise<'timeout'>,
): Promise<T | undefined> {
  const outcome = await Promise.race([promise, deadline]);
  return outcome === 'timeout' ? undefined : (outcome as T);
}

/**
 * Starts the client-side flag service and waits at most 2000 ms for it; afterwards, or when it
 * fails, the app runs on the defaults. Only known flags with boolean values are taken. Throws when
 * called without a browser window (the server must not use the client-side service).
 */
export async function loadFlags(options: LoadFlagsOptions): Promise<LoadedFlags> {
  if (typeof window === 'undefined')
    throw new Error('The client-side flag service can only run in a browser');
  const defaults = { ...options.defaults };
  // The SDK loads only now (not with the app's first script); the 2 s include loading it.
  const deadline = timeout(FLAG_INIT_TIMEOUT_MS);
  try {
    const start = options.initialize ?? (await raceDeadline(loadSdk(), deadline))?.initialize;
    if (!start) return { values: defaults, source: 'defaults' };
    const client = start(
      options.clientId,
      { kind: 'user', key: options.userId, anonymous: true },
      flagSdkOptions(options.baseUrl, options.origin),
    );
    const outcome = await Promise.race([
      client.waitForInitialization(FLAG_INIT_TIMEOUT_MS / 1000).then(() => 'ready' as const),
      deadline,
    ]);
    if (outcome !== 'ready') return { values: defaults, source: 'defaults' };
    const all = client.allFlags();
    const values: Record<string, boolean> = defaults;
    for (const key of Object.keys(defaults)) {
      const value: unknown = all[key];
      if (typeof value === 'boolean') values[key] = value;
    }
    return { values, source: 'service' };
  } catch {
    return { values: defaults, source: 'defaults' };
  }
}
