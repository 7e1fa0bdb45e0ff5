import { describe, expect, it } from 'vitest';
import { cycles, importsOf, sourceFiles } from './importGraph.ts';

// No two files of the code import each other, directly or through others, counting type-only
// imports too (the lint rule import-x/no-cycle ignores them): a type belongs to the lower file,
// and the higher one imports it from there (docs/architecture.md, "imports point one way").

const ROOTS = ['engine', 'renderer', 'codegen', 'apps/server/src', 'apps/web/src', 'apps/studio'];
describe('the import graph of the code', () => {
  const files = ROOTS.flatMap(sourceFiles);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it('is read from the code (a pattern that found no imports would check nothing)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect([...graph.values()].flat().length).toBeGreaterThan(1000);
  });

  it('has no circles, type-only imports counted', () => {
    expect(cycles(graph)).toEqual([]);
  });
});
