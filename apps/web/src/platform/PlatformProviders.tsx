import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FlagsProvider } from './flags/FlagsProvider.tsx';
import { FrameProvider } from './frame/FrameProvider.tsx';
import type { Platform } from './startPlatform.ts';

/** The providers of the platform services: query cache, feature flags, frame channel. */
export function PlatformProviders({
  platform,
  children,
}: {
  platform: Pick<Platform, 'flags' | 'queryClient' | 'frame'>;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={platform.queryClient}>
      <FlagsProvider store={platform.flags}>
        <FrameProvider frame={platform.frame}>{children}</FrameProvider>
      </FlagsProvider>
    </QueryClientProvider>
  );
}
