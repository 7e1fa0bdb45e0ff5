import { UploadRefusedError, type UploadFile } from '#renderer';
import { http, type HttpAuth } from '../http/index.ts';

interface Slot {
  id: string;
  uploadUrl: string;
  /** Set when the bytes go straight to the object store: the server checks and files them then. */
  completeUrl?: string;
}
interface Stored {
  id: string;
  name: string;
  contentType: string;
  sizeBytes: number;
}

/** The server's German message of a refused upload (413 size or count, 415 type), if it sent one. */
const refusal = (status: number, body: unknown): Error => {
  const message = (body as { message?: unknown } | null)?.message;
  return status === 413 || status === 415 || status === 400
    ? new UploadRefusedError(typeof message === 'string' ? message : '')
    : new Error(`upload failed: ${status}`);
};

/**
 * The file widgets' upload service: opens a slot (POST /api/uploads with the file's name and
 * size), then sends the bytes (PUT to the slot's address); the server decides the type by the
 * content. With an object store the address is a presigned URL of the bucket (signed for this
 * size, no credentials of ours go there) and a completion call has the server check and file the
 * bytes. Each call to the server carries an Idempotency-Key, so a retried request is not stored
 * twice. `auth` is the session's token (portal flows) or the flow's own credential in `headers`
 * (a claimant's token).
 */
export function uploadService(auth: HttpAuth, headers: Record<string, string> = {}): UploadFile {
  return async (file, onProgress) => {
    onProgress(0);
    const slot = await http.answer({
      method: 'POST',
      url: '/api/uploads',
      auth,
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      body: file.size > 0 ? { name: file.name, sizeBytes: file.size } : { name: file.name },
    });
    if (!slot.ok) throw refusal(slot.status, slot.body);
    const { uploadUrl, completeUrl } = slot.body as Slot;
    onProgress(0.1);
    if (completeUrl) {
      const sent = await http.answer({ method: 'PUT', url: uploadUrl, auth: 'none', body: file });
      if (!sent.ok) throw new Error(`upload failed: ${sent.status}`);
      onProgress(0.9);
    }
    const stored = await http.answer(
      completeUrl
        ? {
            method: 'POST',
            url: completeUrl,
            auth,
            headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
          }
        : {
            method: 'PUT',
            url: uploadUrl,
            auth,
            headers: {
              ...headers,
              'Content-Type': 'application/octet-stream',
              'Idempotency-Key': crypto.randomUUID(),
            },
            body: file,
          },
    );
    if (!stored.ok) throw refusal(stored.status, stored.body);
    onProgress(1);
    const body = stored.body as Stored;
    return { id: body.id, name: body.name, type: body.contentType, size: body.sizeBytes };
  };
}
