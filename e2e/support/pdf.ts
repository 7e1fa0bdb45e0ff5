import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a downloaded PDF, every run of white space one space. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
