import { createContext, useContext, type ReactNode } from 'react';
import type { FrameChild } from './frameChild.ts';

const FrameContext = createContext<FrameChild | undefined>(undefined);

/** Makes the channel to the embedding page available to {@link useFrame}. */
export function FrameProvider({
  frame,
  children,
}: {
  frame: FrameChild | undefined;
  children: ReactNode;
}) {
  return <FrameContext.Provider value={frame}>{children}</FrameContext.Provider>;
}

/** The channel to the embedding page, or undefined when the platform is not embedded. */
export function useFrame(): FrameChild | undefined {
  return useContext(FrameContext);
}
