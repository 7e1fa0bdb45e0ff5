import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';

/** The text of a PDF as a reader sees it, every run of white space (line breaks too) one space. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The PDF's title from its metadata. */
export async function pdfTitle(bytes: Uint8Array): Promise<unknown> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { info } = await pdf.getMetadata();
  return (info as { Title?: unknown }).Title;
}

/** The server's inject, as far as the document calls need it. */
interface Injector {
  inject: (options: {
    method: 'POST';
    url: string;
    payload: unknown;
  }) => Promise<{ statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }>;
}

/**
 * Posts an application flow's answers to its offer (`angebot`) or advice record
 * (`beratungsdokumentation`), expects a PDF and answers its text.
 */
export async function applicationPdfText(
  app: Injector,
  flow: string,
  document: 'angebot' | 'beratungsdokumentation',
  body: unknown,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/antrag/${flow}/${document}`,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload);
}
