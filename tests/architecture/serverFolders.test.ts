import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importsOf, sourceFiles } from './importGraph.ts';

// The server's folders depend on each other one way (types included), in the order
// docs/architecture.md draws them ("The server", lowest first): each imports only those before it.

const SERVER = 'apps/server/src';

/** The folder of a server file (its first segment), or the file itself at the top. */
const homeOf = (file: string): string => relative(SERVER, file).split('/')[0] ?? file;

/** The folders (and top files) in the order of the architecture document's server drawing. */
function drawnOrder(): string[] {
  const doc = readFileSync('docs/architecture.md', 'utf8');
  const section = doc.split('\n## The server\n')[1]?.split('\n## ')[0] ?? '';
  const drawing = section.split('```')[1] ?? '';
  return [...drawing.matchAll(/^(\S+?)\/?\s{2,}/gm)].map((match) => match[1] ?? '');
}

describe("the server's folders", () => {
  const files = sourceFiles(SERVER);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const home = homeOf(file);
    const uses = graph.get(home) ?? graph.set(home, new Set()).get(home) ?? new Set();
    for (const imported of importsOf(file))
      if (imported.startsWith(`${SERVER}/`) && homeOf(imported) !== home)
        uses.add(homeOf(imported));
  }

  it('are read from the code', () => {
    expect(graph.size).toBeGreaterThan(15);
    expect([...graph.values()].reduce((sum, uses) => sum + uses.size, 0)).toBeGreaterThan(50);
  });

  it('import each other one way: no circle of folders, type-only imports counted', () => {
    const folders = new Map([...graph].map(([home, uses]) => [home, [...uses]]));
    expect(cycles(folders)).toEqual([]);
  });

  it('are each drawn in docs/architecture.md, after every folder they import', () => {
    const order = drawnOrder();
    expect([...graph.keys()].filter((home) => !order.includes(home)).sort()).toEqual([]);
    const upward = [...graph].flatMap(([home, uses]) =>
      [...uses]
        .filter((used) => order.indexOf(used) > order.indexOf(home))
        .map((used) => `${home} imports ${used}, which is drawn after it`),
    );
    expect(upward).toEqual([]);
  });
});
