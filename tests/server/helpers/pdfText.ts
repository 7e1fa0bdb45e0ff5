import { extractText, getDocumentProxy } from 'unpdf';

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
