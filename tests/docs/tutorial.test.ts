import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/adding-an-insurance-line.md promises the messages a product owner meets; this test holds
// the table to the check's source, so a reworded message cannot leave the tutorial behind.
const tutorial = readFileSync('docs/adding-an-insurance-line.md', 'utf8');
const source = readdirSync('engine/definition')
  .filter((name) => name.endsWith('.ts'))
  .map((name) => readFileSync(join('engine/definition', name), 'utf8'))
  .join('\n');

const table = tutorial.slice(tutorial.indexOf('<!-- tutorial-messages'));
const messages = [...table.matchAll(/^\| `([^`]+)`(?: \/ `([^`]+)`)? +\|/gm)].flatMap((m) =>
  [m[1], m[2]].filter((text): text is string => text !== undefined),
);

describe('the tutorial for a new line', () => {
  it('lists the check messages a product owner meets', () => {
    expect(messages.length).toBeGreaterThanOrEqual(20);
  });

  it.each(messages)('quotes a message the check really gives: %s', (message) => {
    const fragments = message
      .split('…')
      .map((part) => part.trim())
      .filter((fragment) => fragment.length >= 4);
    // A message of placeholders only would hold nothing to the source.
    expect(fragments.length).toBeGreaterThan(0);
    for (const fragment of fragments) expect(source).toContain(fragment);
  });

  it('names only files that exist', () => {
    const paths = [...tutorial.matchAll(/`((?:definitions|docs)\/[\w./-]+\.(?:json|md))`/g)].map(
      ([, path]) => path ?? '',
    );
    // The tutorial walks through real files: a pattern that found none would check nothing.
    expect(paths.length).toBeGreaterThanOrEqual(15);
    for (const path of paths) expect(() => readFileSync(path), path).not.toThrow();
  });
});
