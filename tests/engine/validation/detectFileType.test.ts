import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../engine/validation/index.ts';

function bytes(...parts: (string | number[])[]): Uint8Array {
  const encoder = new TextEncoder();
  return Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...encoder.encode(part)] : part)),
  );
}

describe('detectFileType', () => {
  it.each([
    ['a PDF 1.7 header', bytes('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3]), 'application/pdf'],
    [
      'a PNG signature and IHDR chunk',
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
      'image/png',
    ],
    [
      'a JPEG/JFIF header',
      bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0x00, 0x01]),
      'image/jpeg',
    ],
    [
      'a JPEG/Exif header from a phone camera',
      bytes([0xff, 0xd8, 0xff, 0xe1, 0x1c, 0x45], 'Exif', [0, 0]),
      'image/jpeg',
    ],
    [
      'an iPhone HEIC header',
      bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'),
      'image/heic',
    ],
    ['a HEIF header', bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'mif1miaf'), 'image/heif'],
    [
      'an MP4 header',
      bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'),
      'video/mp4',
    ],
    [
      'an MP4 header of brand mp42',
      bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0], 'mp42isom'),
      'video/mp4',
    ],
    [
      'a QuickTime header',
      bytes([0, 0, 0, 0x14], 'ftypqt  ', [0x20, 0x05, 0x03, 0x00], 'qt  '),
      'video/quicktime',
    ],
    [
      'an old QuickTime file starting with a moov atom',
      bytes([0, 0, 0x12, 0x34], 'moov', [0, 0, 0, 0x6c], 'mvhd'),
      'video/quicktime',
    ],
    [
      'an MPEG program stream pack header',
      bytes([0x00, 0x00, 0x01, 0xba, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01]),
      'video/mpeg',
    ],
    [
      'an MPEG-1 video sequence header',
      bytes([0x00, 0x00, 0x01, 0xb3, 0x16, 0x00, 0xf0, 0xc4]),
      'video/mpeg',
    ],
    [
      'UTF-8 text with umlauts and CRLF',
      bytes('Schadenmeldung: Wasserschaden in der Küche\r\nDatum: 15.06.2025\r\n'),
      'text/plain',
    ],
    ['text whose last multi-byte character is cut off', bytes('Gr', [0xc3]), 'text/plain'],
  ])('recognises %s', (_label, prefix, type) => {
    expect(detectFileType(prefix)).toBe(type);
  });

  it.each([
    ['no bytes', bytes()],
    ['a GIF header', bytes('GIF89a', [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00])],
    ['a ZIP (docx, xlsx) header', bytes('PK', [0x03, 0x04, 0x14, 0x00, 0x06, 0x00])],
    ['a Windows executable header', bytes('MZ', [0x90, 0x00, 0x03, 0x00])],
    [
      'an ISO media file of an unknown brand',
      bytes([0, 0, 0, 0x18], 'ftypavif', [0, 0, 0, 0], 'avifmif1'),
    ],
    ['Latin-1 text that is not UTF-8', bytes('K', [0xfc], 'che')],
  ])('recognises nothing in %s', (_label, prefix) => {
    expect(detectFileType(prefix)).toBeUndefined();
  });
});
