import type { FileDescriptor } from '#engine';

/** Uploads one file (presigned upload behind the app's transport); reports progress 0..1. */
export type UploadFile = (
  file: File,
  onProgress: (fraction: number) => void,
) => Promise<UploadedFile>;

/** An upload the server refused with a text for the user (too large, a type it does not take). */
export class UploadRefusedError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'UploadRefusedError';
  }
}

/** A file the server accepted: what a file field stores. */
export interface UploadedFile extends FileDescriptor {
  /** Server-made id of the stored file. */
  id: string;
}

/** One suggestion of a look-up endpoint: what it stands for and the text shown and stored. */
export interface LookupOption {
  key: string;
  label: string;
}

/** What a look-up widget asks for: the typed text and the sibling fields its endpoint reads. */
export interface LookupQuery {
  /** What the user typed. */
  text: string;
  /** The query parameter carrying the text (ui:options queryParam, default q). */
  queryParam: string;
  /** Further query parameters, each naming a field of the same step whose answer it carries. */
  params?: Readonly<Record<string, string>>;
}

/**
 * Asks a look-up endpoint of the catalogue for suggestions. Undefined means the answer no longer
 * counts (a newer request replaced it); a failure answers no suggestions.
 */
export type LookupService = (
  endpoint: string,
  query: LookupQuery,
) => Promise<readonly LookupOption[] | undefined>;

/**
 * What every widget and template receives as rjsf's `registry.formContext`: the translator of
 * the running flow, and the services the app injects (no widget imports app code).
 */
export interface RendererFormContext {
  /** Translates a key (flow namespace by default, `common:` prefix for shared texts). */
  t: (key: string, values?: Record<string, unknown>) => string;
  /**
   * Whether a key has a text (used to fall back from specific to shared messages); with a numeric
   * `count` among the values, whether it has one for that count (i18next's plural forms).
   */
  exists: (key: string, values?: Record<string, unknown>) => boolean;
  /** The step's i18n prefix; field texts are `<prefix>.<field>.label`, `.help`, `.options.<value>`. */
  i18nPrefix: string;
  /**
   * The locale numbers are written and read in (i18next's language, set from the brand's market):
   * de "1.234,50", de-CH "1'234.50".
   */
  locale: string;
  /** Upload service for file widgets; without it a file widget says uploads are unavailable. */
  upload?: UploadFile;
  /** Look-up service for lookup widgets (the step's answers, the endpoints, the transport). */
  lookup?: LookupService;
  /** Upload limits from configuration. */
  fileLimits: { maxSizeBytes: number; maxCount: number };
  /**
   * The address of a content block's image: the app resolves names of its own (a brand's
   * illustration `brand:<name>`); without it the `src` is used as written.
   */
  imageSrc?: (src: string) => string;
  /** Shared texts translated once per flow (templates render them on every keystroke). */
  texts?: { optionalSuffix: string; errorPrefix: string };
}

/** Reads the renderer's form context from a widget's or template's registry. */
export function formContextOf(registry: { formContext?: unknown }): RendererFormContext {
  const context = registry.formContext as RendererFormContext | undefined;
  if (!context) throw new Error('The renderer form context is missing');
  return context;
}

/** The engine's text lookup over the renderer's translator: a key's text, or undefined. */
export function textLookupOf(
  context: Pick<RendererFormContext, 't' | 'exists'>,
): (key: string, values?: Record<string, unknown>) => string | undefined {
  return (key, values) => (context.exists(key, values) ? context.t(key, values) : undefined);
}
