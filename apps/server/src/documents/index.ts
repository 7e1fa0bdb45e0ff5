/** Documents as PDFs: the offer and advice record of application flows, and static documents. */
export { readStaticDocuments, documentPath } from './staticDocuments.ts';
export { renderPdf, type PdfModel } from './pdf.ts';
