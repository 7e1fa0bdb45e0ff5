import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// No two files of the code import each other, directly or through others, counting type-only
// imports too (the lint rule import-x/no-cycle ignores them): a type belongs to the lower file,
// and the higher one imports it from there (docs/architecture.md, "imports point one way").

const ROOTS = ['engine', 'renderer', 'codegen', 'apps/server/src', 'apps/web/src', 'apps/studio'];
const SOURCE = /\.(ts|tsx)$/;

/** Every source file under the roots (generated code and declarations left out). */
function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'generated' ? [] : sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project files a file imports or re-exports from (relative specifiers), types included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm),
  ].map((match) => match[1] ?? '');
  return specifiers
    .map((specifier) => resolve(dirname(file), specifier))
    .filter((path) => SOURCE.test(path) && existsSync(path))
    .map((path) => relative(process.cwd(), path));
}

/** The strongly connected groups of more than one file (Tarjan), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
    }
    if (low.get(node) !== indices.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

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
