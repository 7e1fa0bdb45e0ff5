import type { LDClient, LDContext, LDOptions } from 'launchdarkly-js-client-sdk';

/** How long the app waits for the flag service before it runs on the defaults (spec section 9). */
export const FLAG_INIT_TIMEOUT_MS = 2000;

/** Flag values by key. */
export type FlagValues = Readonly<Record<string, boolean>>;

/** The SDK's `initialize`. */
export type InitializeFlagClient = (
  clientId: string,
  context: LDContext,
  options: LDOptions,
) => LDClient;

/** Options of {@link startFlagClient}. */
export interface FlagClientOptions {
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
  /** Hears the values each time the service changes one after the start (the SDK's `change`). */
  onChange: (values: FlagValues) => void;
  /** The SDK's initialize (tests pass a fake); absent: the SDK's module is loaded now. */
  initialize?: InitializeFlagClient;
}

/** Where the flag values came from. */
export interface LoadedFlags {
  values: FlagValues;
  source: 'service' | 'defaults';
}

/**
 * The SDK's options. On a local endpoint (a path: the reference backend) its requests, events and
 * stream go there and streaming is off (the local service has no stream); on the service's own
 * hosts the SDK streams, because the app listens for changes. The last values are kept in
 * localStorage (the SDK's bootstrap) and apply at once on the next visit while it asks the
 * service again. No goals: the app defines no experiments.
 */
export function flagSdkOptions(baseUrl: string | undefined, origin: string): LDOptions {
  const base = baseUrl?.startsWith('/') ? `${origin}${baseUrl}` : baseUrl;
  return {
    ...(base ? { baseUrl: base, streamUrl: base, eventsUrl: base } : {}),
    ...(baseUrl?.startsWith('/') ? { streaming: false } : {}),
    bootstrap: 'localStorage',
    fetchGoals: false,
  };
}

/** The boolean value of each known flag as the client evaluates it (the default otherwise). */
function knownValues(client: LDClient, defaults: FlagValues): FlagValues {
  const values: Record<string, boolean> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const value: unknown = client.variation(key, fallback);
    values[key] = typeof value === 'boolean' ? value : fallback;
  }
  return values;
}

/** The SDK's module, loaded now; its log shows warnings and errors only. */
async function loadSdk(): Promise<InitializeFlagClient> {
  const sdk = await import('launchdarkly-js-client-sdk');
  const logger = sdk.basicLogger({ level: 'warn' });
  return (clientId, context, sdkOptions) =>
    sdk.initialize(clientId, context, { ...sdkOptions, logger });
}

const timeout = (ms: number): Promise<'timeout'> =>
  new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));

/**
 * Starts the flag service's client-side SDK (`launchdarkly-js-client-sdk`, its module loaded now)
 * for the anonymous user and waits at most 2000 ms for its first values; afterwards, or when it
 * fails, the app runs on the defaults. Later changes (a stream, or the service's answer after
 * values the SDK kept from the last visit) go to `onChange`. Only known flags with boolean values
 * are taken. Throws when called without a browser window (the server must not use the
 * client-side service).
 */
export async function startFlagClient(options: FlagClientOptions): Promise<LoadedFlags> {
  if (typeof window === 'undefined')
    throw new Error('The client-side flag service can only run in a browser');
  const { defaults } = options;
  const deadline = timeout(FLAG_INIT_TIMEOUT_MS);
  try {
    const initialize = options.initialize ?? (await loadSdk());
    const client = initialize(
      options.clientId,
      { kind: 'user', key: options.userId, anonymous: true },
      flagSdkOptions(options.baseUrl, options.origin),
    );
    client.on('change', () => options.onChange(knownValues(client, defaults)));
    const outcome = await Promise.race([
      client.waitForInitialization(FLAG_INIT_TIMEOUT_MS / 1000).then(() => 'ready' as const),
      deadline,
    ]);
    if (outcome !== 'ready') return { values: defaults, source: 'defaults' };
    return { values: knownValues(client, defaults), source: 'service' };
  } catch {
    return { values: defaults, source: 'defaults' };
  }
}
