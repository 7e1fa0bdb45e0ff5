import { ALLOWED_FILE_TYPES, fileTypeOf, fileUploadProblem } from '#engine';
import type { FileDescriptor, FileUploadLimits, FileUploadProblem } from '#engine';
import type { UploadedFile } from '../formContext.ts';

/** What a file field accepts: MIME types (or `type/*` families), size and count limits. */
export interface FileRules extends FileUploadLimits {
  accept: readonly string[];
}

function stringsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const strings = value.filter((item): item is string => typeof item === 'string');
  return strings.length > 0 ? strings : undefined;
}

/**
 * The rules of one file field: `ui:options.accept` (else the platform's allowed types) and
 * `ui:options.maxFiles`, never above the configured limits.
 */
export function fileRulesOf(
  options: { accept?: unknown; maxFiles?: unknown },
  limits: FileUploadLimits,
): FileRules {
  const maxFiles =
    typeof options.maxFiles === 'number' && options.maxFiles > 0 ? options.maxFiles : undefined;
  return {
    accept: stringsOf(options.accept) ?? ALLOWED_FILE_TYPES,
    maxSizeBytes: limits.maxSizeBytes,
    maxCount: Math.min(maxFiles ?? limits.maxCount, limits.maxCount),
  };
}

function accepts(accept: readonly string[], file: FileDescriptor): boolean {
  const type = fileTypeOf(file);
  if (type === undefined) return false;
  return accept.some((entry) =>
    entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : entry.toLowerCase() === type,
  );
}

/**
 * Why newly chosen files may not be uploaded next to the ones already there, checked before any
 * upload with the engine's rules (count, type, size) and the field's `accept`; undefined if fine.
 */
export function chosenFilesProblem(
  present: readonly FileDescriptor[],
  chosen: readonly FileDescriptor[],
  rules: FileRules,
): FileUploadProblem | undefined {
  const problem = fileUploadProblem([...present, ...chosen], rules);
  if (problem === 'count' || problem === 'invalid') return problem;
  if (!chosen.every((file) => accepts(rules.accept, file))) return 'type';
  return problem;
}

/** What a file field stores of an uploaded file: exactly id, name, type and size. */
export function storedFile(file: UploadedFile): UploadedFile {
  return { id: file.id, name: file.name, type: file.type, size: file.size };
}

function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file['id'] === 'string' &&
    typeof file['name'] === 'string' &&
    typeof file['type'] === 'string' &&
    typeof file['size'] === 'number'
  );
}

/** The uploaded files a field's value holds (anything else in it is ignored). */
export function uploadedFilesOf(value: unknown): UploadedFile[] {
  return Array.isArray(value) ? value.filter(isUploadedFile) : [];
}
