import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatGermanDate } from '#engine';
import type { StaticDocument } from '../../../../generated/types/document.ts';
import { renderPdf } from './pdf.ts';
import { DocumentTemplateError, type StrictTexts } from '../platform/texts.ts';

/** The colour of the platform's own documents (they carry no brand). */
const PLATFORM_COLOUR = '#1b4f72';

/** A file of definitions/documents/: the document, or why it cannot be used. */
type Entry = { id: string; document: StaticDocument } | { id: string; problem: string };

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * What a served document needs beyond its JSON Schema (definitions:check holds the schema; the
 * server refuses a file that was changed without it rather than print an empty document).
 */
function problemOf(value: unknown, file: string): string | undefined {
  const document = value as Partial<StaticDocument> | null;
  if (typeof document !== 'object' || document === null) return `${file} is no JSON object`;
  if (!isText(document.title)) return `${file} has no title`;
  if (!isText(document.stand) || !/^\d{4}-\d{2}-\d{2}$/.test(document.stand))
    return `${file} has no "stand" date`;
  if (!Array.isArray(document.sections) || document.sections.length === 0)
    return `${file} has no sections`;
  for (const [i, section] of document.sections.entries())
    if (
      !isText(section?.heading) ||
      !Array.isArray(section.paragraphs) ||
      section.paragraphs.length === 0 ||
      !section.paragraphs.every(isText)
    )
      return `section ${i} of ${file} has no heading or no paragraphs`;
  return undefined;
}

/** The static documents of definitions/documents/, served as PDFs and kept once made. */
export interface StaticDocuments {
  /** The customer information of a print product code, or undefined. */
  customerInformation(code: string): Promise<ServedDocument | undefined>;
  /** A document of kind dokument by its id, or undefined. */
  document(id: string): Promise<ServedDocument | undefined>;
}

/** A served document: its title (the file name) and the PDF. */
export interface ServedDocument {
  title: string;
  pdf: Buffer;
}

/** Reads the files of definitions/documents/ under root: each document, or why it is unusable. */
function readEntries(root: string): Entry[] {
  const dir = resolve(root, 'definitions/documents');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name): Entry => {
      const id = name.replace(/\.json$/, '');
      const file = `definitions/documents/${name}`;
      let value: unknown;
      try {
        value = JSON.parse(readFileSync(resolve(dir, name), 'utf8'));
      } catch {
        return { id, problem: `${file} is no valid JSON` };
      }
      const problem = problemOf(value, file);
      return problem ? { id, problem } : { id, document: value as StaticDocument };
    });
}

/** The usable static documents under root (the seed lists them with the demo contracts). */
export function readStaticDocuments(root: string): StaticDocument[] {
  return readEntries(root).flatMap((entry) => ('document' in entry ? [entry.document] : []));
}

/** The path under /api/dokumente/ a static document is served at. */
export function documentPath(document: StaticDocument): string {
  return document.kind === 'kundeninformation' && document.code
    ? `kundeninformation/${document.code}`
    : document.id;
}

/**
 * Reads definitions/documents/ under root on first use. Each PDF is made once and kept; a file
 * that is broken makes its request fail with {@link DocumentTemplateError} (the others are
 * served), and a failed rendering is tried again next time.
 */
export function createStaticDocuments(root: string, texts: () => StrictTexts): StaticDocuments {
  let entries: Entry[] | undefined;
  const made = new Map<string, Promise<ServedDocument>>();
  const all = (): Entry[] => (entries ??= readEntries(root));
  const serve = (entry: Entry | undefined): Promise<ServedDocument | undefined> => {
    if (!entry) return Promise.resolve(undefined);
    if ('problem' in entry) return Promise.reject(new DocumentTemplateError(entry.problem));
    let pdf = made.get(entry.id);
    if (!pdf) {
      pdf = render(entry.document, texts());
      made.set(entry.id, pdf);
      pdf.catch(() => made.delete(entry.id));
    }
    return pdf;
  };
  return {
    customerInformation: (code) =>
      serve(
        all().find(
          (entry) =>
            'document' in entry &&
            entry.document.kind === 'kundeninformation' &&
            entry.document.code === code,
        ),
      ),
    document: (id) =>
      serve(
        all().find(
          (entry) => entry.id === id && ('problem' in entry || entry.document.kind === 'dokument'),
        ),
      ),
  };
}

async function render(document: StaticDocument, texts: StrictTexts): Promise<ServedDocument> {
  const pdf = await renderPdf({
    sender: { name: texts.t('documents:common.platform'), colour: PLATFORM_COLOUR },
    title: document.title,
    facts: [
      { label: texts.t('documents:common.stand'), text: formatGermanDate(document.stand) },
      { label: texts.t('documents:common.note'), text: texts.t('documents:common.demo') },
    ],
    sections: document.sections.map((section) => ({
      heading: section.heading,
      blocks: section.paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
    })),
    notes: [texts.t('documents:common.demo')],
    pageLabel: (seite, seiten) => texts.t('documents:common.page', { seite, seiten }),
    date: new Date(`${document.stand}T00:00:00Z`),
  });
  return { title: document.title, pdf };
}
