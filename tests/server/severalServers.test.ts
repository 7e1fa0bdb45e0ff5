import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../../apps/server/src/seed/identityUsers.ts';
import { antworten } from './helpers/applications.ts';
import { startLocalObjectStore, type LocalObjectStore } from './helpers/objectStore.ts';
import { startServerProcess, urlWithSchema, type ServerProcess } from './helpers/serverProcess.ts';
import { DATABASE_URL, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';
import { signIn, userPool } from './identityHelpers.ts';

// Several servers are one service: two server processes (main.ts) on one PostgreSQL database and
// one S3-compatible bucket (a local server in this process). A file uploaded through one is read
// through the other; when one is killed, the other carries on. Loopback only, bounded in time.

let seeded: TestServer;
let bucket: LocalObjectStore;
let processes: ServerProcess[] = [];
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

describe.runIf(DATABASE_URL)('two server processes, one PostgreSQL, one S3 bucket', () => {
  beforeAll(async () => {
    // Migrated and seeded here (with the identity's demo sign-ins); the processes only serve.
    seeded = await startTestServer({ identity: {} });
    bucket = await startLocalObjectStore();
    const env = {
      DATABASE_URL: urlWithSchema(DATABASE_URL ?? '', seeded.db.reopenOptions.searchPath ?? ''),
      SEED: 'off',
      SERVER_TODAY: TODAY,
      ...bucket.env,
    };
    processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await bucket.stop();
    await seeded.close();
  });

  /** A customer's access token, signed in through `base`. */
  async function tokenOf(base: string): Promise<string> {
    const login = demoLogins().find((entry) => entry.partnerNummer === '2000101');
    if (!login) throw new Error('no demo sign-in of 2000101');
    const outcome = await signIn(await userPool(base, 'benutzer'), login.username, login.password);
    if (outcome.kind !== 'success') throw new Error(`sign-in failed: ${outcome.kind}`);
    return outcome.session.getAccessToken().getJwtToken();
  }

  const call = async (base: string, token: string, method: string, path: string, body?: object) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** Uploads a PDF through `base` the way the web app does (presigned PUT to the bucket). */
  async function upload(base: string, token: string): Promise<string> {
    const slot = await call(base, token, 'POST', '/api/uploads', {
      name: 'rechnung.pdf',
      sizeBytes: PDF.length,
    });
    expect(slot.status).toBe(201);
    const { id, uploadUrl, completeUrl } = (await slot.json()) as Record<string, string>;
    expect(uploadUrl?.startsWith(bucket.endpoint)).toBe(true);
    expect((await fetch(uploadUrl ?? '', { method: 'PUT', body: PDF })).status).toBe(200);
    const done = await call(base, token, 'POST', completeUrl ?? '');
    expect(done.status).toBe(200);
    return id ?? '';
  }

  /** Sends a message with an upload through `base`; the attachment's id. */
  async function attach(base: string, token: string, uploadId: string): Promise<string> {
    const sent = await call(base, token, 'POST', '/api/postfach/benutzer/nachrichten', {
      betreff: 'Rechnung',
      nachricht: 'Anbei.',
      anhaenge: [uploadId],
    });
    expect(sent.status).toBe(201);
    return ((await sent.json()) as { anhaenge: { id: string }[] }).anhaenge[0]?.id ?? '';
  }

  it('serves through B what was uploaded through A, and B carries on when A is killed', async () => {
    const [a, b] = processes;
    if (!a || !b) throw new Error('two processes expected');
    const token = await tokenOf(a.base);
    // A token of one process is good on the other: sign-in keys and sessions are in the database.
    const uploadId = await upload(a.base, token);
    const anhang = await attach(a.base, token, uploadId);
    const readThroughB = await call(
      b.base,
      token,
      'GET',
      `/api/postfach/benutzer/anhaenge/${anhang}`,
    );
    expect(readThroughB.status).toBe(200);
    expect(Buffer.from(await readThroughB.arrayBuffer()).equals(PDF)).toBe(true);

    // A PDF the platform makes through A (an offer placed in the Postfach) is read through B.
    const offer = await call(a.base, token, 'POST', '/api/antrag/fahrrad/angebot', {
      variante: 'customer',
      antworten,
    });
    expect(offer.status).toBe(200);
    const messageId = offer.headers.get('x-postfach-nachricht') ?? '';
    const message = await call(
      b.base,
      token,
      'GET',
      `/api/postfach/benutzer/nachrichten/${messageId}`,
    );
    const pdfId = ((await message.json()) as { anhaenge: { id: string }[] }).anhaenge[0]?.id ?? '';
    const pdf = await call(b.base, token, 'GET', `/api/postfach/benutzer/anhaenge/${pdfId}`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer()).equals(Buffer.from(await offer.arrayBuffer())),
    ).toBe(true);

    // A dies without a word; B answers as before, and takes new uploads.
    a.signal('SIGKILL');
    await a.exited;
    await expect(fetch(`${a.base}/livez`)).rejects.toThrow();
    expect((await fetch(`${b.base}/readyz`)).status).toBe(200);
    const again = await call(b.base, token, 'GET', `/api/postfach/benutzer/anhaenge/${anhang}`);
    expect(again.status).toBe(200);
    const later = await upload(b.base, token);
    const laterAnhang = await attach(b.base, token, later);
    expect(
      (await call(b.base, token, 'GET', `/api/postfach/benutzer/anhaenge/${laterAnhang}`)).status,
    ).toBe(200);
  });
});
