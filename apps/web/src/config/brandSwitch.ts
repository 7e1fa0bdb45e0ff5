import { createContext, useContext } from 'react';

/**
 * Shows the platform as another brand (an agent signed in on a host of one brand works for
 * another): remembered for the tab, the design applied at once. Provided by main.tsx.
 */
export const BrandSwitchContext = createContext<(brandId: string) => void>(() => undefined);

/** The function that shows the platform as another brand. */
export const useBrandSwitch = (): ((brandId: string) => void) => useContext(BrandSwitchContext);
