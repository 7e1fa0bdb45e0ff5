import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FlagsProvider } from './flags/FlagsProvider.tsx';
import { FrameProvider } from './frame/FrameProvider.tsx';
import type { FlagValues } from './flags/flagService.ts';
import type { Platform } from './startPlatform.ts';

/** Whether two sets of flag values differ in any flag. */
function differ(a: FlagValues, b: FlagValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].some((key) => a[key] !== b[key]);
}

/**
 * The providers of the platform services: query cache, feature flags, frame channel. The flags
 * start as the platform's (the defaults); the flag service starts after the first render and its
 * values replace them when they differ, so nothing waits for it.
 */
export function PlatformProviders({
  platform,
  children,
}: {
  platform: Pick<Platform, 'flags' | 'queryClient' | 'frame'> &
    Partial<Pick<Platform, 'loadFlags'>>;
  children: ReactNode;
}) {
  const [flags, setFlags] = useState(platform.flags);
  const { loadFlags } = platform;
  useEffect(() => {
    if (!loadFlags) return;
    let active = true;
    void loadFlags().then((values) => {
      if (active) setFlags((shown) => (differ(shown, values) ? values : shown));
    });
    return () => {
      active = false;
    };
  }, [loadFlags]);
  return (
    <QueryClientProvider client={platform.queryClient}>
      <FlagsProvider values={flags}>
        <FrameProvider frame={platform.frame}>{children}</FrameProvider>
      </FlagsProvider>
    </QueryClientProvider>
  );
}
