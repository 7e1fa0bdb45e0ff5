import * as Sentry from '@sentry/react';
import type { BrowserOptions } from '@sentry/react';
import { maskBreadcrumb, maskEvent } from './masking.ts';
import { setErrorSink } from './reporter.ts';

export { reportError } from './reporter.ts';

/** Options of {@link startMonitoring}. */
export interface MonitoringOptions {
  /** Where events go; empty or absent turns monitoring off. */
  dsn: string | undefined;
  /** The environment's name, sent with each event. */
  environment: string;
  /** Mask personal data in every event and breadcrumb (production). */
  maskPersonalData: boolean;
  /** Sends the envelopes (tests record them). */
  transport?: BrowserOptions['transport'];
  /** Integrations; default Sentry's browser defaults. */
  integrations?: BrowserOptions['integrations'];
}

/** The SDK options: sample rates 100 %, masking through beforeSend and beforeBreadcrumb. */
export function monitoringOptions(options: MonitoringOptions): BrowserOptions {
  const mask = options.maskPersonalData;
  return {
    dsn: options.dsn,
    environment: options.environment,
    sampleRate: 1,
    tracesSampleRate: 1,
    beforeSend: (event) => (mask ? maskEvent(event) : event),
    beforeBreadcrumb: (breadcrumb) => (mask ? maskBreadcrumb(breadcrumb) : breadcrumb),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.integrations ? { integrations: options.integrations } : {}),
  };
}

/** Starts error monitoring when a DSN is set (off locally unless one is); returns whether it runs. */
export function startMonitoring(options: MonitoringOptions): boolean {
  if (!options.dsn) return false;
  Sentry.init(monitoringOptions(options));
  setErrorSink((error, context) =>
    Sentry.withScope((scope) => {
      scope.setContext('platform', context);
      Sentry.captureException(error);
    }),
  );
  return true;
}
