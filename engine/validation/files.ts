/** MIME types an upload may have (spec section 5: heif, heic, jpeg/jpg, png, mpeg, mp4, quicktime, txt, pdf). */
export const ALLOWED_FILE_TYPES = [
  'image/heif',
  'image/heic',
  'image/jpeg',
  'image/png',
  'video/mpeg',
  'video/mp4',
  'video/quicktime',
  'text/plain',
  'application/pdf',
] as const;

/** One of {@link ALLOWED_FILE_TYPES}. */
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];

/** What the browser knows about a chosen file before upload (the `File` fields we validate). */
export interface FileDescriptor {
  name: string;
  /** MIME type as reported by the browser; may be "" when it does not know it (e.g. HEIC on Windows). */
  type: string;
  /** Size in bytes. */
  size: number;
}

/** Limits of the `fileUpload` keyword: largest single file and most files. */
export interface FileUploadLimits {
  maxSizeBytes: number;
  maxCount: number;
}

/** Why a file list fails `fileUpload`: not a list of descriptors, too many, a wrong type, too big. */
export type FileUploadProblem = 'invalid' | 'count' | 'type' | 'size';

// Used only when the browser reports no MIME type: the file name's extension decides.
const typeByExtension: Readonly<Record<string, AllowedFileType>> = {
  heif: 'image/heif',
  heic: 'image/heic',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  txt: 'text/plain',
  pdf: 'application/pdf',
};

const allowedTypes: ReadonlySet<string> = new Set(ALLOWED_FILE_TYPES);

/** A MIME type without parameters, in lower case ("Text/Plain; charset=utf-8" -> "text/plain"). */
function baseMimeType(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a MIME type (parameters such as "; charset=utf-8" and case ignored) may be uploaded. */
export function isAllowedFileType(mimeType: string): boolean {
  return allowedTypes.has(baseMimeType(mimeType));
}

/** The allowed type of a file: its reported MIME type, or its extension's when none is reported. */
export function fileTypeOf(file: FileDescriptor): AllowedFileType | undefined {
  if (file.type !== '') {
    const mimeType = baseMimeType(file.type);
    return ALLOWED_FILE_TYPES.find((allowed) => allowed === mimeType);
  }
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : typeByExtension[extension];
}

function isFileDescriptor(value: unknown): value is FileDescriptor {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file['name'] === 'string' &&
    typeof file['type'] === 'string' &&
    typeof file['size'] === 'number' &&
    Number.isFinite(file['size']) &&
    file['size'] >= 0
  );
}

/** The first problem of a file list under the given limits, or undefined if it may be uploaded. */
export function fileUploadProblem(
  files: unknown,
  limits: FileUploadLimits,
): FileUploadProblem | undefined {
  if (!Array.isArray(files) || !files.every(isFileDescriptor)) return 'invalid';
  if (files.length > limits.maxCount) return 'count';
  if (files.some((file) => fileTypeOf(file) === undefined)) return 'type';
  if (files.some((file) => file.size > limits.maxSizeBytes)) return 'size';
  return undefined;
}
