import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How long a request's body may take. A body must keep coming: no pause longer than `idleMs`, and
 * after `graceMs` at least `minBytesPerSecond` on average (Apache's mod_reqtimeout
 * `body=…,MinRate=…` works the same way). A total time limit would cut off a legitimate 10 MiB
 * upload on a slow line; these limits cut off only a client that holds a request open without
 * sending it.
 */
export interface BodyTimeoutOptions {
  /** Longest pause between two parts of a body, ms (default 10 s). */
  idleMs?: number;
  /** Time every body has before the minimum rate counts, ms (default 10 s). */
  graceMs?: number;
  /**
   * Slowest average rate after the grace time, bytes per second (default 1 KiB/s, 8 kbit/s: any
   * real line is many times faster, and 10 MiB at that rate would still be allowed 3 hours).
   */
  minBytesPerSecond?: number;
}

/** The error code of a body that did not arrive in time (the error handler answers 408). */
export const BODY_TIMEOUT = 'BODY_TIMEOUT';

/** A body that did not arrive in time; Fastify's body reader hands it to the error handler. */
class BodyTimeoutError extends Error {
  readonly code = BODY_TIMEOUT;
  readonly statusCode = 408;
  constructor() {
    super('request body did not arrive in time');
  }
}

type Limits = Required<BodyTimeoutOptions>;

/**
 * The request's body as Fastify's body reader reads it, timed. It reads from the request only
 * once it is read itself: a body nobody reads (a GET, a refused request) is left to Node, which
 * discards it or closes the connection as before.
 */
class TimedBody extends Readable {
  private started = false;
  private startedAt = 0;
  private lastAt = 0;
  private received = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly source: IncomingMessage,
    private readonly limits: Limits,
  ) {
    super();
  }

  override _read(): void {
    if (this.started) {
      this.source.resume();
      return;
    }
    this.started = true;
    this.startedAt = performance.now();
    this.lastAt = this.startedAt;
    this.source.on('data', this.onData);
    this.source.once('end', this.onEnd);
    this.source.once('error', this.onError);
    this.source.once('close', this.onClose);
    this.schedule();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.detach();
    callback(error);
  }

  /** Stops the clock and listening to the request. */
  private detach(): void {
    clearTimeout(this.timer);
    this.source.off('data', this.onData);
    this.source.off('end', this.onEnd);
    this.source.off('error', this.onError);
    this.source.off('close', this.onClose);
  }

  /** When the body is too late: the next pause limit, or the minimum rate's deadline. */
  private deadline(): number {
    const { idleMs, graceMs, minBytesPerSecond } = this.limits;
    return Math.min(
      this.lastAt + idleMs,
      this.startedAt + graceMs + (this.received * 1000) / minBytesPerSecond,
    );
  }

  private schedule(): void {
    const wait = Math.max(0, this.deadline() - performance.now());
    this.timer = setTimeout(this.check, Math.ceil(wait));
    this.timer.unref();
  }

  private readonly check = (): void => {
    if (performance.now() >= this.deadline()) this.destroy(new BodyTimeoutError());
    else this.schedule();
  };

  private readonly onData = (chunk: Buffer): void => {
    this.received += chunk.length;
    this.lastAt = performance.now();
    if (!this.push(chunk)) this.source.pause();
  };

  private readonly onEnd = (): void => {
    this.detach();
    this.push(null);
  };

  private readonly onError = (error: Error): void => {
    this.destroy(error);
  };

  /** The client went away before its body ended (after the end, `onEnd` has detached this). */
  private readonly onClose = (): void => {
    this.destroy(new Error('request aborted'));
  };
}

/** Whether Fastify will read a body of this request (it reads none for GET and HEAD). */
function hasBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/**
 * Cuts off a request whose body does not arrive (see {@link BodyTimeoutOptions}): the body reader
 * gets a {@link BODY_TIMEOUT} error, the client a 408 with a German message, and the connection is
 * closed. Without it, a client sending a body byte by byte held its request, and a slot of the
 * load shedding's requests in flight, for as long as it liked.
 */
export function installBodyTimeout(app: FastifyInstance, options: BodyTimeoutOptions = {}): void {
  const limits: Limits = {
    idleMs: options.idleMs ?? 10_000,
    graceMs: options.graceMs ?? 10_000,
    minBytesPerSecond: options.minBytesPerSecond ?? 1024,
  };
  app.addHook('preParsing', async (request, _reply, payload) =>
    hasBody(request) && payload === request.raw ? new TimedBody(request.raw, limits) : payload,
  );
}
