// Helpers around the library's calls that do not need the library itself, so that code using
// them does not load it (see session.ts).

/** The message of a library error ('' when none). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** An error code of the library (Cognito's `__type`), or `UnknownError`. */
export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  return 'UnknownError';
}

/** Node-style library call as a promise. */
export function promisify<T>(
  run: (done: (error: unknown, result?: T) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    run((error, result) => (error ? reject(error) : resolve(result as T)));
  });
}
