/**
 * Whether the API has answered 503 (an outage or the server shedding load) since the user last
 * pressed "Noch einmal versuchen": the one HTTP client reports every 503, and the app shows its
 * "Vorübergehend nicht erreichbar" notice while this is set (layout/UnavailableNotice.tsx).
 */
export interface UnavailableState {
  /** Marks the service as away (a 503 arrived). */
  report(): void;
  /** Clears the mark (the user tries again). */
  clear(): void;
  /** Whether the service is marked as away. */
  current(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A new state, not marked. */
export function createUnavailableState(): UnavailableState {
  let away = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean): void => {
    if (away === value) return;
    away = value;
    for (const listener of listeners) listener();
  };
  return {
    report: () => set(true),
    clear: () => set(false),
    current: () => away,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
