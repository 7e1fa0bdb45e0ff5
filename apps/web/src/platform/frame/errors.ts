/** How long a frame command waits for its answer (spec section 9). */
export const FRAME_TIMEOUT_MS = 20_000;

/** A frame command was not answered within {@link FRAME_TIMEOUT_MS}. */
export class FrameTimeoutError extends Error {
  constructor(command: string) {
    super(`Frame command "${command}" was not answered within ${FRAME_TIMEOUT_MS / 1000} s`);
    this.name = 'FrameTimeoutError';
  }
}

/** The other side answered, but not ok or with a result outside the command's schema. */
export class FrameResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameResponseError';
  }
}

/** Writes a warning of the frame protocol (console.warn by default). */
export type FrameWarn = (message: string, detail?: unknown) => void;

/** The default warning channel. */
export const consoleWarn: FrameWarn = (message, detail) => console.warn(message, detail ?? '');
