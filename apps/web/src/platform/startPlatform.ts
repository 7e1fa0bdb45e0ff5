import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { Market } from '#engine';
import {
  defaultFlags,
  environmentConfig,
  ENVIRONMENT,
  frameOriginsOf,
} from '../config/environment.ts';
import { setupI18n, switchTranslationSource } from '../i18n/setup.ts';
import { translationSource } from '../../../../engine/i18n/translationSource.ts';
import { startFlagClient, type FlagValues } from './flags/flagService.ts';
import { flagStore, type FlagStore } from './flags/flagStore.ts';
import { flagUserId } from './flags/userId.ts';
import type { FrameChild } from './frame/frameChild.ts';
import { parentOriginOf } from './frame/parentOrigin.ts';
import type { MonitoringOptions } from './monitoring/monitoring.ts';
import { holdReports, reportError, setErrorSink } from './monitoring/reporter.ts';
import { createQueryClient } from './query/queryClient.ts';
import { whenPageShown } from './whenPageShown.ts';

/** What the app shell needs from the platform services. */
export interface Platform {
  /** The defaults at first, the service's values once they arrive. */
  flags: FlagStore;
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

/** Options of {@link startPlatform}. */
export interface StartOptions {
  /** Text namespaces requested with `common` (the flow of the page's route). */
  namespaces?: readonly string[];
  /** The market of the brand shown (locale, currency, orthography of the texts). */
  market: Market;
}

/**
 * Starts the platform services: monitoring, the translations (requested at once from the source
 * the host and the default flags give), the query cache and, when embedded by an allowed page, the
 * frame channel (parent theme, height reports). Resolves once the texts are there. The flags do not
 * hold it up: the app starts on the defaults; the flag SDK loads once the page is shown and the
 * app takes the service's values when they arrive (at most 2 s after its start, otherwise the
 * defaults stay) and every later change; when they ask for the other text source, the texts are
 * loaded again from there.
 */
export async function startPlatform(win: Window, options: StartOptions): Promise<Platform> {
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
  const defaults = defaultFlags();
  const flags = flagStore(defaults);
  const texts = setupI18n({
    market: options.market,
    source: translationSource(win.location.hostname, defaults),
    ...(options.namespaces ? { namespaces: options.namespaces } : {}),
  });
  // The flag SDK starts once the page is shown (the first step does not wait for flags); its
  // values, and every later change, go into the store and may switch the text source.
  const apply = (values: FlagValues): void => {
    flags.set(values);
    void texts
      .then(() => switchTranslationSource(translationSource(win.location.hostname, values)))
      .catch((error: unknown) => reportError(error, { area: 'flags' }));
  };
  void whenPageShown(win)
    .then(() =>
      startFlagClient({
        clientId: environment.flags.clientId,
        ...(environment.flags.baseUrl ? { baseUrl: environment.flags.baseUrl } : {}),
        origin: win.location.origin,
        userId: flagUserId(win.document, win.location.protocol === 'https:'),
        defaults,
        onChange: apply,
      }),
    )
    .then(({ values }) => apply(values))
    .catch((error: unknown) => reportError(error, { area: 'flags' }));
  const i18n = await texts;
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
