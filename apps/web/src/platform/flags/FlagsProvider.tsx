import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { defaultFlags } from '../../config/environment.ts';
import type { FlagValues } from './flagService.ts';
import { flagStore, type FlagStore } from './flagStore.ts';

const FlagsContext = createContext<FlagStore>(flagStore(defaultFlags()));

/** Makes the flag store available to {@link useFlags}. */
export function FlagsProvider({ store, children }: { store: FlagStore; children: ReactNode }) {
  return <FlagsContext.Provider value={store}>{children}</FlagsContext.Provider>;
}

/**
 * The feature flags (defaults outside a provider): what flows get as `context.flags`. A component
 * using them renders again when the service's values arrive.
 */
export function useFlags(): FlagValues {
  const store = useContext(FlagsContext);
  return useSyncExternalStore(store.subscribe, store.current);
}
