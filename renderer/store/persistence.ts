import type { WizardState } from '#engine';

/** Where wizard state is kept per browser tab (sessionStorage in the app). */
export type StateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What besides the flow and its version tells one run of a flow from another in the same tab. */
export interface StorageScope {
  /** The running variant (context.variant): customer, agent, advice. */
  variant?: unknown;
  /** The route parameters (context.route), e.g. the customer an agent acts for. */
  route?: unknown;
  /** The id of a resumed draft (context.draft.id). */
  draft?: unknown;
}

/** JSON of a route parameter object with sorted keys, or undefined when it has none. */
function routeJson(route: unknown): string | undefined {
  if (typeof route !== 'object' || route === null || Array.isArray(route)) return undefined;
  const entries = Object.entries(route as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length > 0 ? JSON.stringify(Object.fromEntries(entries)) : undefined;
}

/**
 * Storage key of a flow's state; a new definition version starts afresh. The variant, the route
 * parameters and a resumed draft's id are part of the key, so two customers' applications of an
 * agent in one tab keep apart. Without them the key is `wizard:<id>:v<version>`.
 */
export function storageKey(
  definitionId: string,
  version: number,
  scope: StorageScope = {},
): string {
  let key = `wizard:${definitionId}:v${version}`;
  if (typeof scope.variant === 'string' && scope.variant !== '') key += `:variant=${scope.variant}`;
  const route = routeJson(scope.route);
  if (route !== undefined) key += `:route=${route}`;
  if (typeof scope.draft === 'string' && scope.draft !== '') key += `:draft=${scope.draft}`;
  return key;
}

/**
 * The tab's saved state of the same run of the flow under an older version (the newest one
 * found); the entry is removed, as the state now lives under the current version's key.
 */
export function olderState(
  storage: StateStorage | undefined,
  definition: { id: string; version: number },
  scope: StorageScope = {},
): { version: number; state: WizardState } | undefined {
  for (let version = definition.version - 1; version >= 1; version--) {
    const key = storageKey(definition.id, version, scope);
    const state = loadState(storage, key);
    if (!state) continue;
    saveText(storage, key, undefined);
    return state.applicationSent ? undefined : { version, state };
  }
  return undefined;
}

/** Key of the id under which a flow's draft is saved, next to its state. */
export function draftIdKey(stateKey: string): string {
  return `${stateKey}:draftId`;
}

function isState(value: unknown): value is WizardState {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    Array.isArray(s['steps']) &&
    typeof s['formData'] === 'object' &&
    s['formData'] !== null &&
    typeof s['irrelevantKeys'] === 'object' &&
    typeof s['applicationSent'] === 'boolean' &&
    typeof s['prefilled'] === 'boolean' &&
    (s['currentStep'] === null || typeof s['currentStep'] === 'string')
  );
}

/** The saved state of a flow, or undefined when there is none or it is unreadable. */
export function loadState(storage: StateStorage | undefined, key: string): WizardState | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isState(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a flow's state; a full or unavailable storage only costs the reload safety. */
export function saveState(
  storage: StateStorage | undefined,
  key: string,
  state: WizardState,
): void {
  try {
    storage?.setItem(key, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the wizard keeps working in memory.
  }
}

/** Reads a plain text entry; undefined when absent or the storage is unavailable. */
export function loadText(storage: StateStorage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes (or, with undefined, removes) a plain text entry; failures are ignored. */
export function saveText(
  storage: StateStorage | undefined,
  key: string,
  text: string | undefined,
): void {
  try {
    if (text === undefined) storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // Storage full or disabled: kept in memory only.
  }
}

/**
 * A Storage kept in memory: for pages where the browser denies sessionStorage, and for previews
 * that must not keep answers.
 */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}
