import type { Message } from '../../../../../generated/frame/frameTypes.ts';
import { acceptMessage } from './acceptMessage.ts';
import {
  FRAME_PROTOCOL,
  frameCommandSchemas,
  type FrameArgs,
  type FrameCommand,
  type FrameResult,
} from './commands.ts';
import { isFrameCommand } from './commandNames.ts';
import { consoleWarn, type FrameWarn } from './errors.ts';

/** Delay between a scroll-to-top command and the scroll (spec section 9). */
export const SCROLL_TO_TOP_DELAY_MS = 100;

/** What the parent does for each command; a missing handler answers "unhandled". */
export type FrameHandlers = {
  [C in FrameCommand]?: (args: FrameArgs<C>) => FrameResult<C> | Promise<FrameResult<C>>;
};

/** Options of {@link createFrameHost}. */
export interface FrameHostOptions {
  /** The parent page's window (messages arrive here). */
  self: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The iframe's window, read on each message (it changes when the iframe navigates). */
  child: () => (MessageEventSource & Pick<Window, 'postMessage'>) | null;
  /** The platform's exact origin. */
  childOrigin: string;
  handlers: FrameHandlers;
  warn?: FrameWarn;
}

/**
 * The embedding page's side of the frame protocol (reference implementation for partners and the
 * tests): answers the child's commands with the handlers, warns about unknown or unhandled ones,
 * and runs scroll-to-top 100 ms after the command.
 */
export function createFrameHost(options: FrameHostOptions): { dispose(): void } {
  const warn = options.warn ?? consoleWarn;
  const reply = (id: string, ok: boolean, payload: { result?: unknown; error?: string }): void => {
    const message: Message = { protocol: FRAME_PROTOCOL, kind: 'response', id, ok, ...payload };
    options.child()?.postMessage(message, options.childOrigin);
  };

  const run = async (command: FrameCommand, args: unknown): Promise<unknown> => {
    const handler = options.handlers[command] as ((a: unknown) => unknown) | undefined;
    if (!handler) throw new Error('unhandled command');
    if (command === 'scrollToTop') {
      setTimeout(() => handler(args), SCROLL_TO_TOP_DELAY_MS);
      return null;
    }
    return handler(args);
  };

  const listener = (event: MessageEvent<unknown>): void => {
    const message = acceptMessage(event, {
      allowedOrigins: new Set([options.childOrigin]),
      source: options.child(),
    });
    if (!message || message.kind !== 'request') return;
    const { id, command, args } = message;
    if (!isFrameCommand(command)) {
      warn(`Unknown frame command "${command}"`);
      return reply(id, false, { error: 'unknown command' });
    }
    if (!options.handlers[command]) {
      warn(`Unhandled frame command "${command}"`);
      return reply(id, false, { error: 'unhandled command' });
    }
    const schemas = frameCommandSchemas[command];
    if (!schemas.args(args)) {
      warn(`Frame command "${command}" has invalid arguments`, schemas.args.errors);
      return reply(id, false, { error: 'invalid arguments' });
    }
    run(command, args).then(
      (result) => {
        if (!schemas.result(result)) warn(`Result of "${command}" does not match its schema`);
        reply(id, true, { result });
      },
      (error: unknown) => reply(id, false, { error: String(error).slice(0, 500) }),
    );
  };
  options.self.addEventListener('message', listener);
  return { dispose: () => options.self.removeEventListener('message', listener) };
}
