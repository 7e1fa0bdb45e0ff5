import ky from 'ky';
import { sendForAnswer, type HttpRequest } from '#engine';
import { DEFAULT_ERROR_TEXT, isSuccessStatus, type HttpResult } from './status.ts';
import { resolveToken, type TokenLookup, type TokenMode } from './tokens.ts';

/**
 * How a call authenticates: none, bearer (the session's token; no request without one),
 * bearer-optional (the session's token when someone is signed in, else no Authorization) or
 * custom (the caller's own header).
 */
export type HttpAuth = HttpRequest['auth'] | 'bearer-optional';

/** A call: method, URL (path and query), auth kind, headers and an optional JSON body. */
export interface HttpCall {
  method: HttpRequest['method'];
  url: string;
  auth?: HttpAuth;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * The caller shows the unavailable notice of a 503 itself (a flow holds its calls and shows its
   * own page): the client then does not report it to `onUnavailable`.
   */
  ownUnavailableNotice?: boolean;
}

/** How the client is wired: token source, mode, and what happens when a look-up fails. */
export interface HttpClientOptions {
  /** The current session's access token. */
  getToken?: TokenLookup;
  /** Called when the token look-up fails: the app signs the user out. */
  onAuthFailure?: () => void;
  /** session (default), proxy (dummy token) or e2e (fixed test token); test modes never in production. */
  tokenMode?: TokenMode;
  /** Production build: the test modes are ignored. */
  production?: boolean;
  /** The fetch to use (tests). */
  fetch?: typeof fetch;
  /** Called for every 503 (outage, overload) so that the app can say so; see `ownUnavailableNotice`. */
  onUnavailable?: () => void;
}

/** The one HTTP client of the app. */
export interface HttpClient {
  /** Sends a call by the platform's rules (see {@link createHttpClient}). */
  send(call: HttpCall): Promise<HttpResult>;
  /**
   * Sends a call whose answer is needed (a page's data, a form's post): a cancelled call is no
   * answer and goes again (engine `sendForAnswer`), so the result is never `canceled`.
   */
  answer(call: HttpCall): Promise<HttpResult>;
  /** Sends a call by the same rules and reads the answer as a file (a PDF) with its name. */
  fetchFile(call: HttpCall): Promise<FileResult>;
  /**
   * The renderer's `WizardServices.transport`: an engine request in, `{ ok, status, body }` out.
   * Its 503s are the flow's to show (`ownUnavailableNotice`).
   */
  transport(request: HttpRequest): Promise<HttpResult>;
  /** Rewires the token source (the auth provider calls it once it is ready). */
  configure(options: Partial<HttpClientOptions>): void;
}

/** The answer of {@link HttpClient.fetchFile}: on success the file and the name it is saved under. */
export interface FileResult extends HttpResult {
  file?: { blob: Blob; name: string };
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first), else "dokument.pdf". */
export function fileNameOf(header: string | null): string {
  if (header) {
    const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
    if (encoded) {
      try {
        return decodeURIComponent(encoded.trim());
      } catch {
        // fall through to the plain name
      }
    }
    const plain =
      /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1];
    if (plain && plain.trim() !== '') return plain.trim();
  }
  return 'dokument.pdf';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isAbort = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError');

/**
 * Creates the ky-based client. Success is 200-299, 302, 303, 307; any other status is an error
 * carrying status and body (or `An error occured` without a body). A new call to the same path
 * cancels the running one, which then answers ok with `canceled: true`. Bearer calls take the
 * session's token; without one they answer not-ok and send nothing, and a failing look-up also
 * signs the user out. Bearer-optional calls take the session's token when there is one (the
 * look-up knows the current portal, so a signed-in agent sends the agent's token) and otherwise go
 * out without Authorization: they never fail for lack of a session and never sign anybody out.
 * The fixed tokens of the test modes stand in for a session only where one is required (bearer).
 */
export function createHttpClient(initial: HttpClientOptions = {}): HttpClient {
  let options = { ...initial };
  const running = new Map<string, AbortController>();

  /**
   * Runs a call by the platform's rules: cancels a running call to the same path, adds the token
   * its auth kind asks for, sends it and reads the answer with `read` (JSON or a file).
   */
  async function run<T>(
    call: HttpCall,
    accept: string,
    read: (response: Response) => Promise<T>,
  ): Promise<HttpResult & { read?: T }> {
    const path = call.url.split('?')[0] ?? call.url;
    running.get(path)?.abort();
    const controller = new AbortController();
    running.set(path, controller);
    const headers: Record<string, string> = { Accept: accept, ...call.headers };
    try {
      if (call.auth === 'bearer') {
        const outcome = await resolveToken(
          options.tokenMode ?? 'session',
          options.production ?? false,
          options.getToken,
        );
        if (controller.signal.aborted) return { ok: true, status: 0, body: null, canceled: true };
        if (outcome.kind === 'failed') options.onAuthFailure?.();
        if (outcome.kind !== 'token') return { ok: false, status: 401, body: null };
        headers['Authorization'] = `Bearer ${outcome.token}`;
      } else if (call.auth === 'bearer-optional') {
        const outcome = await resolveToken(
          'session',
          options.production ?? false,
          options.getToken,
        );
        if (controller.signal.aborted) return { ok: true, status: 0, body: null, canceled: true };
        if (outcome.kind === 'token') headers['Authorization'] = `Bearer ${outcome.token}`;
      }
      const response = await ky(call.url, {
        method: call.method,
        headers,
        ...(call.body === undefined
          ? {}
          : call.body instanceof Blob
            ? { body: call.body }
            : { json: call.body }),
        signal: controller.signal,
        throwHttpErrors: false,
        retry: 0,
        timeout: false,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      if (isSuccessStatus(response.status))
        return { ok: true, status: response.status, body: null, read: await read(response) };
      const body = await readBody(response);
      if (response.status === 503 && !call.ownUnavailableNotice) options.onUnavailable?.();
      return { ok: false, status: response.status, body: body ?? DEFAULT_ERROR_TEXT };
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) {
        return { ok: true, status: 0, body: null, canceled: true };
      }
      return { ok: false, status: 0, body: DEFAULT_ERROR_TEXT };
    } finally {
      if (running.get(path) === controller) running.delete(path);
    }
  }

  async function send(call: HttpCall): Promise<HttpResult> {
    const { read, ...result } = await run(call, 'application/json', readBody);
    return read === undefined ? result : { ...result, body: read };
  }

  async function fetchFile(call: HttpCall): Promise<FileResult> {
    const { read, ...result } = await run(call, 'application/pdf', async (response) => ({
      blob: await response.blob(),
      name: fileNameOf(response.headers.get('content-disposition')),
    }));
    if (result.canceled) return result;
    return read === undefined ? result : { ...result, file: read };
  }

  return {
    send,
    answer: (call) => sendForAnswer(send, call),
    fetchFile,
    // A flow's calls: a 503 holds them and the flow shows its own unavailable page.
    transport: (request) =>
      send({
        method: request.method,
        url: request.url,
        auth: request.auth,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        ownUnavailableNotice: true,
      }),
    configure: (changes) => {
      options = { ...options, ...changes };
    },
  };
}
