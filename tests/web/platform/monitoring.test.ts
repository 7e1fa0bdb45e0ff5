// @vitest-environment jsdom
import * as Sentry from '@sentry/react';
import type { BrowserOptions, Event } from '@sentry/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  monitoringOptions,
  reportError,
  startMonitoring,
} from '../../../apps/web/src/platform/index.ts';

type Envelope = Parameters<ReturnType<NonNullable<BrowserOptions['transport']>>['send']>[0];

const DSN = 'https://public@monitoring.invalid/1';

/** Starts monitoring with a transport that keeps every event it would send. */
function recordEvents(maskPersonalData: boolean): Event[] {
  const events: Event[] = [];
  startMonitoring({
    dsn: DSN,
    environment: maskPersonalData ? 'production' : 'accept',
    maskPersonalData,
    integrations: [],
    transport: () => ({
      send: async (envelope: Envelope) => {
        for (const [header, payload] of envelope[1]) {
          if ((header as { type?: string }).type === 'event') events.push(payload as Event);
        }
        return {};
      },
      flush: async () => true,
    }),
  });
  return events;
}

const PERSONAL = 'HFK-20000101 AS-10000301 erika@beispiel.de Kundennummer 4711 1234567';

async function sendEverything(): Promise<void> {
  Sentry.addBreadcrumb({
    message: `geklickt für ${PERSONAL}`,
    data: { url: '/vertrag/HFK-20000101' },
  });
  reportError(new Error(`Laden fehlgeschlagen: ${PERSONAL}`), { contract: 'AS-10000301' });
  Sentry.captureEvent({
    message: PERSONAL,
    request: {
      url: 'https://www.andsafe.example/vertrag/AS-10000301?mail=erika@beispiel.de',
      query_string: 'partnerNummer=2000101',
      data: { email: 'erika@beispiel.de', iban: 'DE89370400440532013000' },
    },
  });
  await Sentry.flush(2000);
}

afterEach(async () => {
  await Sentry.close();
});

describe('monitoring', () => {
  it('samples 100 % of errors and traces', () => {
    const options = monitoringOptions({
      dsn: DSN,
      environment: 'production',
      maskPersonalData: true,
    });
    expect(options.sampleRate).toBe(1);
    expect(options.tracesSampleRate).toBe(1);
  });

  it('is off without a DSN', () => {
    expect(startMonitoring({ dsn: '', environment: 'localhost', maskPersonalData: false })).toBe(
      false,
    );
  });

  it('masks contract and customer numbers, e-mails and digit runs in everything it sends in production', async () => {
    const events = recordEvents(true);
    await sendEverything();
    // The SDK loads on first use: under load that can outlast one flush.
    await vi.waitFor(() => expect(events).toHaveLength(2), { timeout: 10_000 });
    // The SDK's own random ids (event id, trace and span ids: hexadecimal) are no personal data
    // and may hold "4711" by chance: they are left out of the search.
    const sent = JSON.stringify(events, (key, value: unknown) =>
      /^(event_id|trace_id|span_id|parent_span_id|sid)$/.test(key) ? undefined : value,
    );
    for (const secret of [
      'HFK-20000101',
      'AS-10000301',
      'erika@beispiel.de',
      '4711',
      '1234567',
      '2000101',
      '370400440532013000',
    ]) {
      expect(sent).not.toContain(secret);
    }
    const [error, message] = events;
    expect(error?.exception?.values?.[0]?.value).toBe(
      'Laden fehlgeschlagen: [contract] [contract] [email] Kundennummer [customer] [digits]',
    );
    expect(error?.breadcrumbs?.[0]?.message).toContain('[contract]');
    expect(error?.contexts?.['platform']).toEqual({ contract: '[contract]' });
    expect(message?.request?.url).toBe(
      'https://www.andsafe.example/vertrag/[contract]?mail=[email]',
    );
    expect(message?.request?.query_string).toBe('partnerNummer=[customer]');
  });

  it('sends events unmasked outside production', async () => {
    const events = recordEvents(false);
    await sendEverything();
    expect(JSON.stringify(events)).toContain('HFK-20000101');
  });
});
