import type { HttpRequest } from '#engine';

/** How many requests the keys are kept for (the oldest goes first). */
const KEPT = 50;

/**
 * The Idempotency-Keys of the document downloads of this page (an offer, an advice record): the
 * same request again (the same answers to the same address) sends the same key, so the server
 * answers the document it made before and files nothing new in the customer's Postfach; other
 * answers send a new key. `newKey` makes a key (default a random UUID).
 */
export function createDownloadKeys(
  newKey: () => string = () => crypto.randomUUID(),
): (request: Pick<HttpRequest, 'method' | 'url' | 'body'>) => string {
  const keys = new Map<string, string>();
  return (request) => {
    const signature = JSON.stringify([request.method, request.url, request.body ?? null]);
    const known = keys.get(signature);
    if (known !== undefined) return known;
    const key = newKey();
    keys.set(signature, key);
    if (keys.size > KEPT) {
      const oldest = keys.keys().next();
      if (!oldest.done) keys.delete(oldest.value);
    }
    return key;
  };
}
