import { readJsonFiles } from '../../../codegen/schemaFiles.ts';
import { checkDefinitionSet, type SourceFile } from '../../../engine/definition/checkSet.ts';
import type { CheckError, WizardDefinition } from '../../../engine/definition/types.ts';

/** Paths of the real files the tests start from. */
export const CLAIM_ENTRY = 'definitions/claims/claim-entry.json';
export const ZAHLUNGSWEISE = 'definitions/self-service/zahlungsweise.json';
export const CLAIM_ENTRY_TEXTS = 'definitions/locales/de/claim-entry.json';

/** A JSON object whose parts a test may change freely. */
export type JsonObject = Record<string, unknown>;

let cached: readonly SourceFile[] | undefined;

/** Every JSON file under definitions/, read once from disk. */
export function realFiles(): readonly SourceFile[] {
  cached ??= readJsonFiles(process.cwd());
  return cached;
}

/** The text of a real file. */
export function realText(path: string): string {
  const file = realFiles().find((f) => f.path === path);
  if (!file) throw new Error(`no file ${path} under definitions/`);
  return file.text;
}

/** A fresh, freely changeable copy of a real JSON file. */
export function realJson(path: string): JsonObject {
  return JSON.parse(realText(path)) as JsonObject;
}

/** A fresh copy of a real flow definition. */
export function realDefinition(path: string): WizardDefinition {
  return JSON.parse(realText(path)) as WizardDefinition;
}

/** A value as the pretty-printed text these tests write (two spaces, as the real files). */
export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** The real files with one file's text replaced, or added when there is no file at that path. */
export function withFile(
  path: string,
  text: string,
  files: readonly SourceFile[] = realFiles(),
): SourceFile[] {
  const replaced = files.map((f) => (f.path === path ? { path, text } : f));
  return replaced.some((f) => f.path === path) ? replaced : [...replaced, { path, text }];
}

/** The errors of checking a set of files. */
export function errorsOf(files: readonly SourceFile[]): CheckError[] {
  return checkDefinitionSet(files).errors;
}

/** The errors (file pointer: message) of the real files with some replaced or added. */
export function locatedErrors(changes: Record<string, JsonObject>): string[] {
  const files = Object.entries(changes).reduce(
    (done, [path, value]) => withFile(path, pretty(value), done),
    realFiles(),
  );
  return errorsOf(files).map((e) => `${e.file} ${e.pointer}: ${e.message}`);
}

/** The errors of the real files with one file replaced or added as pretty-printed JSON. */
export function errorsWith(path: string, value: unknown): { errors: CheckError[]; text: string } {
  const text = pretty(value);
  return { errors: errorsOf(withFile(path, text)), text };
}

/**
 * The 1-based line and column of the last of a chain of needles: each is searched after the
 * previous one, so `['"id": "start"', '"visibleWhen"']` finds the visibleWhen of step "start".
 */
export function positionOf(
  text: string,
  needles: readonly string[],
): { line: number; column: number } {
  let offset = -1;
  for (const needle of needles) {
    const found = text.indexOf(needle, offset + 1);
    if (found < 0) throw new Error(`"${needle}" not found after offset ${offset}`);
    offset = found;
  }
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * The position of the opening brace of the array element whose first key the needles find: in
 * pretty-printed JSON the brace stands alone on the line before that key.
 */
export function elementPosition(
  text: string,
  needles: readonly string[],
): { line: number; column: number } {
  const { line } = positionOf(text, needles);
  const braceLine = text.split('\n')[line - 2] ?? '';
  return { line: line - 1, column: braceLine.indexOf('{') + 1 };
}

/** Steps of a definition as a changeable list of objects. */
export function stepsOf(definition: JsonObject): JsonObject[] {
  return definition['steps'] as JsonObject[];
}

/** One step of a definition, to change in place. */
export function stepAt(definition: JsonObject, index: number): JsonObject {
  const step = stepsOf(definition)[index];
  if (!step) throw new Error(`no step ${index}`);
  return step;
}

/** Paths of a small, valid claim flow with a product (for prefill) and of its texts. */
export const SMALL = 'definitions/claims/fahrrad-schaden.json';
export const SMALL_TEXTS = 'definitions/locales/de/fahrrad-schaden.json';

/**
 * A small valid claim flow of the product FAHRRAD: one step with a form, whose call leads to a
 * confirmation page or back to the step.
 */
export function smallDefinition(): JsonObject {
  return {
    id: 'fahrrad-schaden',
    version: 1,
    kind: 'claim',
    product: { code: 'FAHRRAD', nameKey: 'product', identifier: 'fahrrad-2024' },
    brands: ['andsafe', 'hfk'],
    roles: ['claimant'],
    baseRoute: '/fahrrad-schaden',
    i18nNamespace: 'fahrrad-schaden',
    titleKey: 'title',
    steps: [
      {
        id: 'fahrrad',
        i18nPrefix: 'Bike',
        form: {
          schema: {
            type: 'object',
            properties: {
              kaufpreis: { type: 'number', minimum: 1 },
              hersteller: { type: 'string', maxLength: 60 },
            },
            required: ['kaufpreis'],
          },
        },
        onLeave: {
          endpoint: 'contract-type',
          params: { id: { var: 'data.fahrrad.hersteller' } },
          onSuccess: { go: 'page', page: 'fertig' },
          onFailure: { go: 'stay', infoBox: { tone: 'error', textKey: 'Bike.failed' } },
        },
      },
    ],
    pages: [{ id: 'fertig', kind: 'confirmation', titleKey: 'Done.title', textKey: 'Done.text' }],
    prefill: {
      fields: {
        insuranceSum: { target: 'fahrrad.kaufpreis' },
        bikeManufacturer: { target: 'fahrrad.hersteller' },
      },
    },
  };
}

/** The German texts of the small flow. */
export function smallTexts(): JsonObject {
  return {
    title: 'Fahrradschaden melden',
    product: 'Fahrradversicherung',
    Bike: {
      title: 'Ihr Fahrrad',
      kaufpreis: { label: 'Kaufpreis' },
      hersteller: { label: 'Hersteller' },
      failed: 'Das hat nicht geklappt.',
    },
    Done: { title: 'Fertig', text: 'Wir melden uns.' },
  };
}

/** The real files plus the small flow (as given) and its texts. */
export function filesWithSmall(definition: JsonObject = smallDefinition()): {
  files: SourceFile[];
  text: string;
} {
  const text = pretty(definition);
  return { files: withFile(SMALL, text, withFile(SMALL_TEXTS, pretty(smallTexts()))), text };
}
