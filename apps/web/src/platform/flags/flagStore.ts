import type { FlagValues } from './flagService.ts';

/**
 * The flag values the app runs on: the defaults from the start, the service's values once they
 * arrive (within the init time-out). Readers subscribe, so a flag applies when it arrives and the
 * first render never waits for the service.
 */
export interface FlagStore {
  /** The values now (the same object until they change). */
  current(): FlagValues;
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Takes new values; listeners hear of it only when a value differs. */
  set(values: FlagValues): void;
}

/** A store that starts with `initial`. */
export function flagStore(initial: FlagValues): FlagStore {
  let values: FlagValues = { ...initial };
  const listeners = new Set<() => void>();
  return {
    current: () => values,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      const keys = new Set([...Object.keys(values), ...Object.keys(next)]);
      if ([...keys].every((key) => values[key] === next[key])) return;
      values = { ...next };
      for (const listener of [...listeners]) listener();
    },
  };
}
