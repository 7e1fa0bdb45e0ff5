import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, fileNameOf } from '../../../apps/web/src/http/index.ts';

const BASE = 'http://localhost';

describe('fetching a file through the HTTP client', () => {
  it('reads a PDF with the name of its Content-Disposition, asking for a PDF', async () => {
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(input instanceof Request ? input : new Request(input, init));
      return new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition':
            'attachment; filename="Beratungsdokumentation Fahrradversicherung.pdf"; filename*=UTF-8\'\'Beratungsdokumentation%20Fahrradversicherung%20%C3%BC.pdf',
        },
      });
    });
    const http = createHttpClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const result = await http.fetchFile({
      method: 'POST',
      url: `${BASE}/api/antrag/fahrrad/beratungsdokumentation`,
      auth: 'bearer-optional',
      body: { antworten: {} },
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.file?.name).toBe('Beratungsdokumentation Fahrradversicherung ü.pdf');
    expect(await result.file?.blob.text()).toBe('%PDF-1.7');
    expect(requests[0]?.headers.get('accept')).toBe('application/pdf');
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('answers the error body of a failure and no file', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ error: 'angaben-fehlen', message: 'Es fehlen Angaben.' }, { status: 422 }),
    );
    const http = createHttpClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    expect(await http.fetchFile({ method: 'POST', url: `${BASE}/x`, body: {} })).toEqual({
      ok: false,
      status: 422,
      body: { error: 'angaben-fehlen', message: 'Es fehlen Angaben.' },
    });
  });

  it('takes the plain file name, and a default without one', () => {
    expect(fileNameOf('inline; filename="Kundeninformation.pdf"')).toBe('Kundeninformation.pdf');
    expect(fileNameOf('attachment; filename=angebot.pdf')).toBe('angebot.pdf');
    expect(fileNameOf(null)).toBe('dokument.pdf');
  });
});
