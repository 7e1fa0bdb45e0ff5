import PDFDocument from 'pdfkit';

/** A label and its value, as a two-column row; `level` indents nested answers. */
export interface PdfRow {
  label: string;
  text: string;
  level?: number;
}

/** One piece of a section: rows of label and value, a paragraph, or a subheading (a list item). */
export type PdfBlock =
  | { kind: 'rows'; rows: PdfRow[] }
  | { kind: 'paragraph'; text: string }
  | { kind: 'subheading'; text: string };

/** A section under its heading. */
export interface PdfSection {
  heading: string;
  blocks: PdfBlock[];
}

/** Everything a generated document shows, already in German; the layout is {@link renderPdf}'s. */
export interface PdfModel {
  /** The sender shown at the top (a brand's name) and its colour (#rrggbb). */
  sender: { name: string; colour: string };
  title: string;
  /** Facts under the title: date, validity, advisor, customer. */
  facts: PdfRow[];
  sections: PdfSection[];
  /** Small print at the end (illustrative rates, demo text, legal notes). */
  notes: string[];
  /** "Seite {{seite}} von {{seiten}}" in the footer of each page. */
  pageLabel: (page: number, pages: number) => string;
  /** The document's date (its metadata; no clock is read here). */
  date: Date;
}

const MARGIN = 56;
const LABEL_SHARE = 0.42;
const GAP = 12;
const TEXT = '#1a1a1a';
const MUTED = '#555555';

/**
 * Writes a document as PDF with pdfkit's built-in Helvetica (WinAnsi: umlauts, ß and € included,
 * no font file needed): the sender in its colour, the title, the facts, each section with its
 * rows and paragraphs, the notes, and "Seite x von y" on every page. Resolves with the bytes.
 */
export function renderPdf(model: PdfModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'de-DE',
    displayTitle: true,
    info: {
      Title: model.title,
      Author: model.sender.name,
      Creator: model.sender.name,
      CreationDate: model.date,
      ModDate: model.date,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(14).fillColor(model.sender.colour).text(model.sender.name);
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(MARGIN + width, doc.y + 4)
    .lineWidth(2)
    .strokeColor(model.sender.colour)
    .stroke();
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(TEXT).text(model.title, { width });
  doc.moveDown(0.6);

  const rows = (list: readonly PdfRow[], size: number) => {
    doc.fontSize(size);
    for (const row of list) {
      const indent = (row.level ?? 0) * 12;
      const labelWidth = width * LABEL_SHARE - indent;
      const textWidth = width * (1 - LABEL_SHARE) - GAP;
      doc.font('Helvetica-Bold');
      const labelHeight = doc.heightOfString(row.label, { width: labelWidth });
      doc.font('Helvetica');
      const textHeight = doc.heightOfString(row.text || ' ', { width: textWidth });
      const height = Math.max(labelHeight, textHeight);
      ensure(height);
      const top = doc.y;
      doc
        .font('Helvetica-Bold')
        .fillColor(TEXT)
        .text(row.label, MARGIN + indent, top, {
          width: labelWidth,
        });
      doc
        .font('Helvetica')
        .text(row.text, MARGIN + width * LABEL_SHARE + GAP, top, { width: textWidth });
      doc.x = MARGIN;
      doc.y = top + height + 4;
    }
  };

  rows(model.facts, 10.5);
  for (const section of model.sections) {
    doc.moveDown(0.8);
    ensure(40);
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor(model.sender.colour)
      .text(section.heading, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    for (const block of section.blocks) {
      if (block.kind === 'rows') rows(block.rows, 10.5);
      else if (block.kind === 'subheading') {
        ensure(30);
        doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXT).text(block.text, { width });
        doc.moveDown(0.2);
      } else {
        doc.font('Helvetica').fontSize(10.5).fillColor(TEXT).text(block.text, { width });
        doc.moveDown(0.4);
      }
    }
  }
  if (model.notes.length > 0) {
    doc.moveDown(1);
    for (const note of model.notes) {
      doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(note, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin must not start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(model.pageLabel(i + 1, range.count), MARGIN, doc.page.height - MARGIN / 2 - 6, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
