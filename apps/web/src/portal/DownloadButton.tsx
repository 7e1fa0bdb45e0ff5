import { useState } from 'react';
import { InfoBox } from '#renderer';
import { saveFile } from '../http/index.ts';

/** A file fetched with the session: its bytes and the name it is saved under. */
export type FetchedFile = { blob: Blob; name: string } | null;

/**
 * A button that fetches a file with the session's token (a plain link would send none) and hands
 * it to the browser to save or open; while it loads the button is busy, a failure shows
 * `errorText`.
 */
export function DownloadButton({
  label,
  errorText,
  fetchFile,
}: {
  label: string;
  errorText: string;
  fetchFile: () => Promise<FetchedFile>;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-busy={state === 'busy'}
        onClick={() => {
          if (state === 'busy') return;
          setState('busy');
          void fetchFile()
            .catch(() => null)
            .then((file) => {
              if (file) saveFile(file.blob, file.name);
              setState(file ? 'idle' : 'failed');
            });
        }}
      >
        {label}
      </button>
      {state === 'failed' ? <InfoBox tone="error">{errorText}</InfoBox> : null}
    </>
  );
}
