import { useCallback, useMemo, useRef, useState } from 'react';
import type { HttpRequest } from '#engine';
import type { HttpResult } from '../http/index.ts';

/** The renderer's transport: an engine request in, the call's outcome out. */
export type Transport = (request: HttpRequest) => Promise<HttpResult>;

/** Whether an answer says the service is away for now (503: an outage or an overload). */
export const isUnavailable = (result: Pick<HttpResult, 'ok' | 'status'>): boolean =>
  !result.ok && result.status === 503;

/** A transport that holds calls while the service is away, and what the page shows meanwhile. */
export interface UnavailableGuard {
  /** Sends; a 503 is not handed to the flow: the call waits for {@link retry} and goes again. */
  transport: Transport;
  /** True while at least one call waits because the service answered 503. */
  unavailable: boolean;
  /** Sends every waiting call again. */
  retry: () => void;
}

/**
 * Keeps a 503 away from the flow's outcomes: the flow would otherwise leave for its error page.
 * The call waits instead, the page says the service is temporarily unavailable, and nothing the
 * user entered is lost; "retry" sends the waiting calls again, and the flow goes on with their
 * first answer that is not a 503.
 */
export function useUnavailableGuard(send: Transport): UnavailableGuard {
  const [unavailable, setUnavailable] = useState(false);
  const waiting = useRef(new Set<() => void>());
  const transport = useCallback<Transport>(
    async (request) => {
      for (;;) {
        const result = await send(request);
        if (!isUnavailable(result)) {
          if (waiting.current.size === 0) setUnavailable(false);
          return result;
        }
        setUnavailable(true);
        await new Promise<void>((resolve) => waiting.current.add(resolve));
      }
    },
    [send],
  );
  const retry = useCallback(() => {
    const resume = [...waiting.current];
    waiting.current.clear();
    setUnavailable(false);
    for (const go of resume) go();
  }, []);
  return useMemo(() => ({ transport, unavailable, retry }), [transport, unavailable, retry]);
}
