import type { Message } from '../../../../../generated/frame/frameTypes.ts';
import { validateMessage } from '../../../../../generated/frame/frameValidators.js';

/** Largest frame message accepted, in characters of its JSON form. */
export const MAX_FRAME_MESSAGE_CHARS = 16 * 1024;

/** Who may talk to us: the exact origins and the one window messages must come from. */
export interface AcceptRule {
  /** Exact origins (scheme, host and port); compared for equality, never by prefix or suffix. */
  allowedOrigins: ReadonlySet<string>;
  /** The only window whose messages count (the parent for the child, the iframe for the parent). */
  source: MessageEventSource | null;
}

/** The parts of a MessageEvent the check reads. */
export type IncomingMessage = Pick<MessageEvent<unknown>, 'origin' | 'source' | 'data'>;

function withinSizeLimit(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  try {
    const text = JSON.stringify(data);
    return typeof text === 'string' && text.length <= MAX_FRAME_MESSAGE_CHARS;
  } catch {
    return false;
  }
}

/**
 * The frame message of an event, or undefined when it must be ignored: an origin outside the exact
 * allowlist (and always "null"), another window than the expected one, over the size limit, or not
 * a message of the protocol's schema.
 */
export function acceptMessage(event: IncomingMessage, rule: AcceptRule): Message | undefined {
  if (event.origin === 'null' || !rule.allowedOrigins.has(event.origin)) return undefined;
  if (rule.source === null || event.source !== rule.source) return undefined;
  if (!withinSizeLimit(event.data)) return undefined;
  try {
    return validateMessage(event.data) ? (event.data as Message) : undefined;
  } catch {
    return undefined;
  }
}
