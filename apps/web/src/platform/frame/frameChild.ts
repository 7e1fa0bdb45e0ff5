import type { Message } from '../../../../../generated/frame/frameTypes.ts';
import { acceptMessage } from './acceptMessage.ts';
import {
  FRAME_PROTOCOL,
  frameCommandSchemas,
  type FrameArgs,
  type FrameCommand,
  type FrameResult,
} from './commands.ts';
import {
  consoleWarn,
  FRAME_TIMEOUT_MS,
  FrameResponseError,
  FrameTimeoutError,
  type FrameWarn,
} from './errors.ts';

/** Options of {@link createFrameChild}. */
export interface FrameChildOptions {
  /** The platform's own window (messages arrive here). */
  self: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The embedding page's window: the only accepted source and the only receiver. */
  parent: Pick<Window, 'postMessage'>;
  /** The parent's exact origin; must be one of `allowedOrigins`. */
  parentOrigin: string;
  /** The environment's allowed frame origins. */
  allowedOrigins: readonly string[];
  /** Time-out of a command in ms (default 20 s). */
  timeoutMs?: number;
  warn?: FrameWarn;
}

/** The platform's side of the frame protocol. */
export interface FrameChild {
  /** Sends a command to the parent; resolves with its schema-checked result. */
  send<C extends FrameCommand>(command: C, args: FrameArgs<C>): Promise<FrameResult<C>>;
  /** Stops listening; open commands fail. */
  dispose(): void;
}

interface Pending {
  command: FrameCommand;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The child's channel to its parent: sends commands only to the parent's known origin, accepts
 * answers only from that origin and window, checks them against the protocol's schemas, and fails a
 * command after 20 s without answer.
 */
export function createFrameChild(options: FrameChildOptions): FrameChild {
  const { self, parent, parentOrigin } = options;
  if (parentOrigin === 'null' || !options.allowedOrigins.includes(parentOrigin))
    throw new Error(`Frame origin ${parentOrigin} is not allowed`);
  const warn = options.warn ?? consoleWarn;
  const timeoutMs = options.timeoutMs ?? FRAME_TIMEOUT_MS;
  const rule = { allowedOrigins: new Set([parentOrigin]), source: parent as MessageEventSource };
  const pending = new Map<string, Pending>();
  let counter = 0;

  const post = (message: Message): void => parent.postMessage(message, parentOrigin);

  const onResponse = (id: string, ok: boolean, result: unknown, error?: string): void => {
    const open = pending.get(id);
    if (!open) return warn(`Frame response ${id} answers no open command`);
    pending.delete(id);
    clearTimeout(open.timer);
    if (!ok) return open.reject(new FrameResponseError(error ?? `${open.command} failed`));
    const validate = frameCommandSchemas[open.command].result;
    if (!validate(result)) {
      warn(`Frame response to "${open.command}" does not match its schema`, validate.errors);
      return open.reject(new FrameResponseError(`Invalid response to ${open.command}`));
    }
    open.resolve(result);
  };

  const listener = (event: MessageEvent<unknown>): void => {
    const message = acceptMessage(event, rule);
    if (!message) return;
    if (message.kind === 'response')
      return onResponse(message.id, message.ok, message.result, message.error);
    // The parent sends no commands in this protocol version.
    warn(`Unknown frame command "${message.command}"`);
    post({
      protocol: FRAME_PROTOCOL,
      kind: 'response',
      id: message.id,
      ok: false,
      error: 'unknown command',
    });
  };
  self.addEventListener('message', listener);

  return {
    send(command, args) {
      const validate = frameCommandSchemas[command].args;
      if (!validate(args)) return Promise.reject(new Error(`Invalid arguments for ${command}`));
      counter += 1;
      const id = `c-${counter}-${Math.random().toString(36).slice(2, 10)}`;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new FrameTimeoutError(command));
        }, timeoutMs);
        pending.set(id, { command, resolve: resolve as (value: unknown) => void, reject, timer });
        post({ protocol: FRAME_PROTOCOL, kind: 'request', id, command, args: { ...args } });
      });
    },
    dispose() {
      self.removeEventListener('message', listener);
      for (const [id, open] of pending) {
        clearTimeout(open.timer);
        open.reject(new FrameResponseError(`${open.command} cancelled`));
        pending.delete(id);
      }
    },
  };
}
