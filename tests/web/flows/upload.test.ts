import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadService } from '../../../apps/web/src/flows/upload.ts';
import { http } from '../../../apps/web/src/http/index.ts';

// The file widgets' upload service against a fake server: through the server by default, and
// straight to the bucket when the server hands out a presigned URL.

const CLAIM = { Authorization: 'Bearer claim-token-of-twenty-chars' };
const STORED = { id: 'u1', name: 'rechnung.pdf', contentType: 'application/pdf', sizeBytes: 4 };

function fakeServer(slot: Record<string, unknown>) {
  const requests: { method: string; url: string; headers: Headers; body: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
    });
    if (request.method === 'POST' && request.url.endsWith('/api/uploads'))
      return Response.json(slot, { status: 201 });
    if (request.url.startsWith('https://bucket.example/'))
      return new Response(null, { status: 200 });
    return Response.json(STORED, { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  http.configure({ fetch });
  return requests;
}

const PAGE = 'http://localhost:4600/schaden-melden';
// As in the browser, a relative URL resolves against the page.
beforeAll(() => {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, PAGE) : input, init);
      }
    },
  );
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => http.configure({ fetch: globalThis.fetch }));

const file = () => new File(['%PDF'], 'rechnung.pdf', { type: 'application/pdf' });

describe('uploadService', () => {
  it('declares the size and PUTs the bytes to the server when it names its own address', async () => {
    const requests = fakeServer({ id: 'u1', uploadUrl: '/api/uploads/u1', method: 'PUT' });
    const stored = await uploadService('custom', CLAIM)(file(), () => undefined);
    expect(stored).toEqual({ id: 'u1', name: 'rechnung.pdf', type: 'application/pdf', size: 4 });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/uploads',
      'PUT /api/uploads/u1',
    ]);
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ name: 'rechnung.pdf', sizeBytes: 4 });
    expect(requests[1]?.headers.get('authorization')).toBe(CLAIM.Authorization);
  });

  it('PUTs to a presigned URL without our credentials, then has the server complete it', async () => {
    const presigned = 'https://bucket.example/eingang/k?X-Amz-Signature=abc';
    const requests = fakeServer({
      id: 'u1',
      uploadUrl: presigned,
      method: 'PUT',
      completeUrl: '/api/uploads/u1/abschluss',
    });
    const stored = await uploadService('custom', CLAIM)(file(), () => undefined);
    expect(stored.id).toBe('u1');
    expect(requests.map((r) => `${r.method} ${r.url.split('?')[0] ?? ''}`)).toEqual([
      `POST ${new URL('/api/uploads', PAGE).href}`,
      'PUT https://bucket.example/eingang/k',
      `POST ${new URL('/api/uploads/u1/abschluss', PAGE).href}`,
    ]);
    expect(requests[1]?.headers.get('authorization')).toBeNull();
    expect(requests[1]?.body).toBe('%PDF');
    expect(requests[2]?.headers.get('authorization')).toBe(CLAIM.Authorization);
    expect(requests[2]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
