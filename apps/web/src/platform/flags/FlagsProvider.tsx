import { createContext, useContext, type ReactNode } from 'react';
import { defaultFlags } from '../../config/environment.ts';
import type { FlagValues } from './flagService.ts';

const FlagsContext = createContext<FlagValues>(defaultFlags());

/** Makes the loaded flag values available to {@link useFlags}. */
export function FlagsProvider({ values, children }: { values: FlagValues; children: ReactNode }) {
  return <FlagsContext.Provider value={values}>{children}</FlagsContext.Provider>;
}

/** The feature flags (defaults outside a provider): what flows get as `context.flags`. */
export function useFlags(): FlagValues {
  return useContext(FlagsContext);
}
