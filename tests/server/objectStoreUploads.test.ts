import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_S3_CREDENTIALS,
  startLocalObjectStore,
  type LocalObjectStore,
} from './helpers/objectStore.ts';
import { uploads } from '../../apps/server/src/db/schema/index.ts';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

// Uploads with an S3 bucket configured (a local S3-compatible server in this process): the
// presigned upload of the spec, straight from the client to the bucket, and the server's check.
let store: LocalObjectStore;
let server: TestServer;
let s3: S3Client;
const ANNA = asCustomer('2000101');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

beforeAll(async () => {
  store = await startLocalObjectStore();
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint: store.endpoint,
    forcePathStyle: true,
    credentials: LOCAL_S3_CREDENTIALS,
  });
  server = await startTestServer({
    s3: { bucket: store.bucket, endpoint: store.endpoint, credentials: LOCAL_S3_CREDENTIALS },
    uploads: { maxSizeBytes: 4096, maxCount: 20 },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  s3.destroy();
  await store.stop();
});

interface Slot {
  id: string;
  uploadUrl: string;
  completeUrl?: string;
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: {
      ...ANNA,
      ...(payload instanceof Buffer ? { 'content-type': 'application/octet-stream' } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

async function slot(sizeBytes?: number): Promise<Slot> {
  const opened = await inject('POST', '/api/uploads', {
    name: 'rechnung.pdf',
    ...(sizeBytes === undefined ? {} : { sizeBytes }),
  });
  expect(opened.statusCode).toBe(201);
  return opened.json<Slot>();
}

/** The bytes the bucket holds for an upload under `prefix` (eingang/ or dateien/), or null. */
async function inBucket(uploadId: string, prefix: string): Promise<Buffer | null> {
  const [row] = await server.db.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
  try {
    const object = await s3.send(
      new GetObjectCommand({ Bucket: store.bucket, Key: `${prefix}${row?.storageKey ?? ''}` }),
    );
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch {
    return null;
  }
}

/** Sends a message with the upload and downloads its attachment: the bytes the portal serves. */
async function served(uploadId: string): Promise<Buffer> {
  const sent = await inject('POST', '/api/postfach/benutzer/nachrichten', {
    betreff: 'Rechnung',
    nachricht: 'Anbei.',
    anhaenge: [uploadId],
  });
  expect(sent.statusCode).toBe(201);
  const anhang = sent.json<{ anhaenge: { id: string }[] }>().anhaenge[0];
  const download = await inject('GET', `/api/postfach/benutzer/anhaenge/${anhang?.id ?? ''}`);
  expect(download.statusCode).toBe(200);
  return download.rawPayload;
}

describe('uploads into an S3 bucket', () => {
  it('lets the client PUT to the bucket with a presigned URL; the completion checks and files the bytes', async () => {
    const { id, uploadUrl, completeUrl } = await slot(PDF.length);
    expect(uploadUrl.startsWith(`${store.endpoint}/${store.bucket}/eingang/`)).toBe(true);
    expect(completeUrl).toBe(`/api/uploads/${id}/abschluss`);
    expect((await fetch(uploadUrl, { method: 'PUT', body: PDF })).status).toBe(200);
    const done = await inject('POST', completeUrl ?? '');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, contentType: 'application/pdf', sizeBytes: 36 });
    // A repeat answers the same; nothing waits in the staging area any more.
    expect((await inject('POST', completeUrl ?? '')).json()).toEqual(done.json());
    expect(await inBucket(id, 'eingang/')).toBeNull();
    expect((await inBucket(id, 'dateien/'))?.equals(PDF)).toBe(true);
    expect((await served(id)).equals(PDF)).toBe(true);
  });

  it('refuses a body of another size at the bucket, and the completion finds nothing', async () => {
    const { uploadUrl, completeUrl } = await slot(PDF.length);
    const longer = Buffer.concat([PDF, Buffer.from('mehr')]);
    expect((await fetch(uploadUrl, { method: 'PUT', body: longer })).status).toBe(403);
    const done = await inject('POST', completeUrl ?? '');
    expect(done.statusCode).toBe(409);
    expect(done.json<{ message: string }>().message).toBe(
      'Die Datei ist noch nicht angekommen. Bitte laden Sie sie erneut hoch.',
    );
  });

  it('refuses HTML by its content with 415 and deletes it from the bucket', async () => {
    const { id, uploadUrl, completeUrl } = await slot(HTML.length);
    expect((await fetch(uploadUrl, { method: 'PUT', body: HTML })).status).toBe(200);
    expect((await inBucket(id, 'eingang/'))?.equals(HTML)).toBe(true);
    const done = await inject('POST', completeUrl ?? '');
    expect(done.statusCode).toBe(415);
    expect(await inBucket(id, 'eingang/')).toBeNull();
    expect(await inBucket(id, 'dateien/')).toBeNull();
  });

  it('keeps what it checked: a later PUT to the presigned URL changes nothing the portal serves', async () => {
    const { id, uploadUrl, completeUrl } = await slot(PDF.length);
    await fetch(uploadUrl, { method: 'PUT', body: PDF });
    expect((await inject('POST', completeUrl ?? '')).statusCode).toBe(200);
    const same = Buffer.from(HTML.subarray(0, PDF.length).toString().padEnd(PDF.length, ' '));
    await fetch(uploadUrl, { method: 'PUT', body: same });
    expect((await served(id)).equals(PDF)).toBe(true);
  });

  it('refuses a declared size beyond the limit before anything is sent', async () => {
    const opened = await inject('POST', '/api/uploads', { name: 'gross.pdf', sizeBytes: 4097 });
    expect(opened.statusCode).toBe(413);
    expect(opened.json<{ message: string }>().message).toBe('Die Datei ist zu groß.');
  });

  it('still takes the bytes through the server without a declared size, into the bucket', async () => {
    const { id, uploadUrl, completeUrl } = await slot();
    expect(uploadUrl).toBe(`/api/uploads/${id}`);
    expect(completeUrl).toBeUndefined();
    const put = await inject('PUT', uploadUrl, PDF);
    expect(put.statusCode).toBe(200);
    expect((await inBucket(id, 'dateien/'))?.equals(PDF)).toBe(true);
  });

  it('lets the browser reach the bucket under the CSP', async () => {
    const page = await inject('GET', '/api/uploads/00000000-0000-4000-8000-000000000000');
    expect(page.headers['content-security-policy']).toContain(
      `connect-src 'self' ${store.endpoint}`,
    );
  });
});
