import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import {
  defaultFlags,
  environmentConfig,
  ENVIRONMENT,
  frameOriginsOf,
} from '../config/environment.ts';
import { setupI18n } from '../i18n/setup.ts';
import { translationSource } from '../i18n/translationSource.ts';
import { loadFlags, type FlagValues } from './flags/flagService.ts';
import { flagUserId } from './flags/userId.ts';
import type { FrameChild } from './frame/frameChild.ts';
import { parentOriginOf } from './frame/parentOrigin.ts';
import type { MonitoringOptions } from './monitoring/monitoring.ts';
import { holdReports, reportError, setErrorSink } from './monitoring/reporter.ts';
import { createQueryClient } from './query/queryClient.ts';

/** What the app shell needs from the platform services. */
export interface Platform {
  flags: FlagValues;
  i18n: I18n;
  queryClient: QueryClient;
  frame: FrameChild | undefined;
}

function monitoringDsn(fallback: string): string {
  const fromBuild: unknown = import.meta.env['VITE_MONITORING_DSN'];
  return typeof fromBuild === 'string' && fromBuild ? fromBuild : fallback;
}

/**
 * Starts monitoring when a DSN is set. The SDK loads in the background (without a DSN never);
 * reports wait for it and go to the console if it cannot load.
 */
function startMonitoring(options: MonitoringOptions): void {
  if (!options.dsn) return;
  holdReports();
  import('./monitoring/monitoring.ts')
    .then((monitoring) => {
      if (!monitoring.startMonitoring(options)) setErrorSink(undefined);
    })
    .catch(() => setErrorSink(undefined));
}

/**
 * Starts the platform services in order: monitoring, flags (at most 2 s, then defaults),
 * translations (preview or live by flag and host), the query cache and, when embedded by an
 * allowed page, the frame channel (parent theme, height reports).
 */
export async function startPlatform(win: Window): Promise<Platform> {
  const environment = environmentConfig(ENVIRONMENT);
  const frameOrigins = frameOriginsOf(environment, win.location);
  // The frame channel and its message validators load only when an allowed page embeds the app
  // (fetched meanwhile, connected after the translations as before).
  const embeddingModule = parentOriginOf(win, frameOrigins)
    ? import('./frame/embedding.ts')
    : undefined;
  startMonitoring({
    dsn: monitoringDsn(environment.monitoring.dsn),
    environment: ENVIRONMENT,
    maskPersonalData: environment.monitoring.maskPersonalData,
  });
  const { values: flags } = await loadFlags({
    clientId: environment.flags.clientId,
    ...(environment.flags.baseUrl ? { baseUrl: environment.flags.baseUrl } : {}),
    origin: win.location.origin,
    userId: flagUserId(win.document, win.location.protocol === 'https:'),
    defaults: defaultFlags(),
  });
  const i18n = await setupI18n({ source: translationSource(win.location.hostname, flags) });
  const embedding = await embeddingModule;
  const frame = embedding?.connectToParent(win, frameOrigins);
  if (embedding && frame) {
    const { adoptParentTheme, reportHeight } = embedding;
    adoptParentTheme(frame, win.document.documentElement).catch((error: unknown) =>
      reportError(error, { area: 'frame', command: 'getTheme' }),
    );
    reportHeight(frame, win.document);
  }
  return { flags, i18n, queryClient: createQueryClient(), frame };
}
