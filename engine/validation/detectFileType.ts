import type { AllowedFileType } from './files.ts';

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  return prefix.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

const heicBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const heifBrands = new Set(['mif1', 'msf1', 'heif']);
const mp4Brands = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
]);
// Top-level atoms an old QuickTime file may start with instead of `ftyp`.
const quickTimeAtoms = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

// ISO base media files (HEIF/HEIC, MP4, QuickTime) start with a box: 4 bytes size, then a type.
function detectIsoMedia(bytes: Uint8Array): AllowedFileType | undefined {
  if (bytes.length < 12) return undefined;
  const boxType = ascii(bytes, 4, 8);
  if (boxType !== 'ftyp') return quickTimeAtoms.has(boxType) ? 'video/quicktime' : undefined;
  const brand = ascii(bytes, 8, 12);
  if (heicBrands.has(brand)) return 'image/heic';
  if (heifBrands.has(brand)) return 'image/heif';
  if (brand === 'qt  ') return 'video/quicktime';
  if (mp4Brands.has(brand)) return 'video/mp4';
  return undefined;
}

// Plain text: decodes as UTF-8 (a multi-byte character cut off at the end of a prefix is fine) and
// holds no control characters other than tab, line feed, form feed and carriage return.
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const allowedControl = code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
    if ((code < 0x20 && !allowedControl) || code === 0x7f) return false;
  }
  return true;
}

/**
 * Content sniffing for uploads on the server: the allowed MIME type that the file's leading bytes
 * (magic numbers) show, or undefined if they match none. A browser-reported type is a claim; this
 * is the check. Needs the first few hundred bytes; text is recognised only from all bytes given.
 */
export function detectFileType(bytes: Uint8Array): AllowedFileType | undefined {
  if (bytes.length === 0) return undefined;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) {
    return 'video/mpeg';
  }
  const isoMedia = detectIsoMedia(bytes);
  if (isoMedia !== undefined) return isoMedia;
  return isPlainText(bytes) ? 'text/plain' : undefined;
}
