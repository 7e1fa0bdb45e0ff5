import { describe, expect, it } from 'vitest';
import { parentOriginOf, type EmbeddedWindowForTest } from './parentOriginSupport.ts';

const ALLOWED = ['https://www.andsafe.example'];

describe('parentOriginOf', () => {
  it('takes the first ancestor origin when it is allowed', () => {
    expect(parentOriginOf(embedded({ ancestor: 'https://www.andsafe.example' }), ALLOWED)).toBe(
      'https://www.andsafe.example',
    );
  });

  it('falls back to the referrer’s origin', () => {
    expect(
      parentOriginOf(embedded({ referrer: 'https://www.andsafe.example/seite?x=1' }), ALLOWED),
    ).toBe('https://www.andsafe.example');
  });

  it('gives nothing for a page that is not embedded', () => {
    const top = embedded({ ancestor: 'https://www.andsafe.example' });
    top.parent = top.self;
    expect(parentOriginOf(top, ALLOWED)).toBeUndefined();
  });

  it('gives nothing for an embedder outside the allowlist, a look-alike or "null"', () => {
    for (const ancestor of [
      'https://www.andsafe.example.evil.test',
      'null',
      'http://www.andsafe.example',
    ]) {
      expect(parentOriginOf(embedded({ ancestor }), ALLOWED)).toBeUndefined();
    }
    expect(parentOriginOf(embedded({ referrer: 'kein url' }), ALLOWED)).toBeUndefined();
  });
});

function embedded({
  ancestor,
  referrer = '',
}: {
  ancestor?: string;
  referrer?: string;
}): EmbeddedWindowForTest {
  const origins = ancestor ? [ancestor] : [];
  return {
    self: {},
    parent: {},
    location: {
      ancestorOrigins: { length: origins.length, item: (i: number) => origins[i] ?? null },
    },
    document: { referrer },
  };
}
