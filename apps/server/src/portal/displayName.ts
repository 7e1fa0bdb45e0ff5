import { create as contentDisposition } from 'content-disposition';
import { textProblem } from '../http/inputHygiene.ts';

/** Longest display name kept. */
const MAX_LENGTH = 120;

/** Shown when nothing of a name is left. */
const FALLBACK = 'Datei';

// Bidirectional overrides and isolates make "gpj.exe" look like "exe.jpg".
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F]/g;

/**
 * The name an upload is shown and offered for download under: no folder (the part after the last
 * `/` or `\`), no control characters or bidirectional overrides, no leading dots, whitespace
 * collapsed, at most 120 characters; "Datei" when nothing is left. The bytes are never stored under
 * it (uploadStore.newStorageKey).
 */
export function displayName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = [...base.normalize('NFC')]
    .filter((character) => textProblem(character) === undefined)
    .join('')
    .replace(BIDI, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  const short = [...cleaned].slice(0, MAX_LENGTH).join('').trim();
  return short === '' ? FALLBACK : short;
}

/**
 * `Content-Disposition: attachment` for a stored name, per RFC 6266: the sanitised name as a
 * plain-ASCII `filename` (accents dropped, anything else `_`) and, when that differs, the UTF-8
 * `filename*` (RFC 8187), quoted and percent-encoded by the content-disposition library.
 */
export function attachmentDisposition(name: string): string {
  const shown = displayName(name);
  const ascii = shown
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(shown, { type: 'attachment', fallback: ascii });
}
