import { useEffect, useRef, useState } from 'react';
import type { FileDescriptor } from '#engine';
import { UploadRefusedError, type RendererFormContext, type UploadedFile } from '../formContext.ts';
import { chosenFilesProblem, storedFile } from './fileRules.ts';
import type { FileRules } from './fileRules.ts';

/** A file being uploaded, with its progress 0..1. */
export interface UploadInProgress extends FileDescriptor {
  key: number;
  fraction: number;
}

/** What a file widget shows and can do: uploads in progress, messages, choose and remove. */
export interface FileUploads {
  inProgress: UploadInProgress[];
  /** The current problem (wrong type, too big, too many, upload failed), for role="alert". */
  error: string | undefined;
  /** The last finished action ("… wurde hochgeladen"), for role="status". */
  status: string;
  choose: (files: readonly File[]) => void;
  remove: (file: UploadedFile) => void;
}

/**
 * Checks chosen files against the field's rules before anything is sent (the German message of
 * the first problem is shown and nothing is uploaded), then uploads them one after another
 * through the form context's upload service and appends each accepted file to the value.
 */
export function useFileUploads(
  files: UploadedFile[],
  rules: FileRules,
  context: Pick<RendererFormContext, 't' | 'upload'>,
  onChange: (files: UploadedFile[] | undefined) => void,
): FileUploads {
  const { t, upload } = context;
  const [inProgress, setInProgress] = useState<UploadInProgress[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState('');
  // The value as of the last change, so an upload finishing later appends to it, not to a stale one.
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  }, [files]);
  const nextKey = useRef(0);

  const change = (next: UploadedFile[]): void => {
    latest.current = next;
    onChange(next.length === 0 ? undefined : next);
  };

  const uploadOne = async (service: NonNullable<typeof upload>, file: File): Promise<void> => {
    const key = nextKey.current++;
    const setFraction = (fraction: number): void =>
      setInProgress((list) =>
        list.map((item) => (item.key === key ? { ...item, fraction } : item)),
      );
    setInProgress((list) => [
      ...list,
      { key, name: file.name, type: file.type, size: file.size, fraction: 0 },
    ]);
    try {
      const uploaded = await service(file, setFraction);
      change([...latest.current, storedFile(uploaded)]);
      setStatus(t('common:widgets.file.uploaded', { name: file.name }));
    } catch (problem) {
      setError(
        problem instanceof UploadRefusedError
          ? `${file.name}: ${problem.userMessage}`
          : t('common:widgets.file.failed', { name: file.name }),
      );
    } finally {
      setInProgress((list) => list.filter((item) => item.key !== key));
    }
  };

  const choose = (chosen: readonly File[]): void => {
    if (upload === undefined || chosen.length === 0) return;
    const problem = chosenFilesProblem([...latest.current, ...inProgress], chosen, rules);
    if (problem !== undefined) {
      setError(t(`common:validation.fileUpload.${problem}`));
      return;
    }
    setError(undefined);
    void chosen.reduce<Promise<void>>(
      (previous, file) => previous.then(() => uploadOne(upload, file)),
      Promise.resolve(),
    );
  };

  const remove = (file: UploadedFile): void => {
    change(latest.current.filter((item) => item.id !== file.id));
    setStatus(t('common:widgets.file.removed', { name: file.name }));
  };

  return { inProgress, error, status, choose, remove };
}
