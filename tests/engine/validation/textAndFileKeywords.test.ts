import { describe, expect, it } from 'vitest';
import { errorsOf, passes } from './validate.ts';

describe('the trimmedRequired keyword', () => {
  const lastname = { type: 'string', trimmedRequired: true };

  it.each([
    ['a name', 'Mustermann', true],
    ['a name with surrounding spaces', '  Mustermann ', true],
    ['only spaces', '   ', false],
    ['tabs and line breaks', '\t\n', false],
    ['the empty string', '', false],
  ])('with %s gives %s', (_label, value, valid) => {
    expect(passes(lastname, value)).toBe(valid);
  });

  it('checks nothing when false', () => {
    expect(passes({ type: 'string', trimmedRequired: false }, '   ')).toBe(true);
  });
});

describe('the fileUpload keyword', () => {
  const uploads = { type: 'array', fileUpload: { maxSizeBytes: 10_000_000, maxCount: 3 } };
  const photo = { name: 'schaden.jpg', type: 'image/jpeg', size: 2_400_000 };

  it.each([
    ['image/heif', 'foto.heif'],
    ['image/heic', 'IMG_0001.HEIC'],
    ['image/jpeg', 'foto.jpg'],
    ['image/png', 'screenshot.png'],
    ['video/mpeg', 'video.mpeg'],
    ['video/mp4', 'video.mp4'],
    ['video/quicktime', 'video.mov'],
    ['text/plain', 'notiz.txt'],
    ['application/pdf', 'rechnung.pdf'],
  ])('accepts a file of type %s', (type, name) => {
    expect(passes(uploads, [{ name, type, size: 1000 }])).toBe(true);
  });

  it('accepts no files at all', () => {
    expect(passes(uploads, [])).toBe(true);
  });

  it('falls back to the extension when the browser reports no type', () => {
    expect(passes(uploads, [{ name: 'IMG_0001.heic', type: '', size: 1000 }])).toBe(true);
    expect(passes(uploads, [{ name: 'setup.exe', type: '', size: 1000 }])).toBe(false);
  });

  it.each([
    [
      'type',
      [
        {
          name: 'tabelle.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size: 1000,
        },
      ],
    ],
    ['type', [photo, { name: 'bild.gif', type: 'image/gif', size: 1000 }]],
    ['size', [{ ...photo, size: 10_000_001 }]],
    ['count', [photo, photo, photo, photo]],
    ['invalid', [{ name: 'ohne-groesse.pdf', type: 'application/pdf' }]],
    ['invalid', ['rechnung.pdf']],
  ])('rejects the list with reason %s', (reason, files) => {
    const errors = errorsOf(uploads, files);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ keyword: 'fileUpload', params: { reason } });
  });

  it('accepts a file of exactly the maximum size and exactly the maximum count', () => {
    expect(passes(uploads, [photo, photo, { ...photo, size: 10_000_000 }])).toBe(true);
  });

  it('refuses a schema that leaves out a limit', () => {
    expect(() => errorsOf({ type: 'array', fileUpload: { maxSizeBytes: 1000 } }, [])).toThrow(
      /maxCount/,
    );
  });
});
