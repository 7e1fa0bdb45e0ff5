/** The part of a call's outcome that tells an answer from a cancelled call. */
export interface CallOutcome {
  ok: boolean;
  status: number;
  body: unknown;
  /**
   * Set when the transport cancelled the call because a newer one went to the same path (spec
   * section 8: then `ok` is true and there is no body). A cancelled call is never an answer.
   */
  canceled?: boolean;
}

/** How often a cancelled call is sent again before it counts as failed. */
export const CANCELED_RESENDS = 3;

/** Whether the transport cancelled the call (a newer call went to the same path): it is no answer. */
export function isCanceled(result: CallOutcome): boolean {
  return result.canceled === true;
}

/**
 * Sends a call whose answer decides what happens next (a step's submit, a download, a page's
 * data): a call the transport cancelled because another call went to the same path (the live
 * price) is no answer, so it is sent again; after {@link CANCELED_RESENDS} more tries it counts as
 * a failed call (status 0), never as a success. A transport that throws answers as a failed call.
 */
export async function sendForAnswer<Call, Outcome extends CallOutcome>(
  send: (call: Call) => Promise<Outcome>,
  call: Call,
): Promise<Outcome | CallOutcome> {
  for (let tries = 0; tries <= CANCELED_RESENDS; tries++) {
    let result: Outcome;
    try {
      result = await send(call);
    } catch {
      return { ok: false, status: 0, body: null };
    }
    if (!isCanceled(result)) return result;
  }
  return { ok: false, status: 0, body: null };
}
