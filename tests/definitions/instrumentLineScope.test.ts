import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The musical-instrument line (tests/fixtures/instrument-line, sold end to end by
// tests/server/instrumentLine.test.ts) is data only: what a product owner writes for it lies
// under definitions/, and no code of the apps knows it.

const FIXTURE = join('tests', 'fixtures', 'instrument-line');

/** Every file under a folder, as paths relative to the working directory. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative('.', join(entry.parentPath, entry.name)));

describe('the musical-instrument line is data only', () => {
  it('has nothing but definitions/ and its README', () => {
    expect(readdirSync(FIXTURE).sort()).toEqual(['README.md', 'definitions']);
  });

  it('is named by no file under apps/ (its flow id, its product code, its name)', () => {
    const naming = filesUnder('apps').filter((file) =>
      /musikinstrument|\bINSTRUMENT\b|\binstrument\b/i.test(readFileSync(file, 'latin1')),
    );
    expect(naming).toEqual([]);
  });
});
