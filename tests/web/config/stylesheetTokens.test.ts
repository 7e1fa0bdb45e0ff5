import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brands, designTokens } from '../../../apps/web/src/config/brand.ts';

// The stylesheet reads the brand's design tokens as CSS custom properties. A property defined in
// terms of itself (`--error: var(--error)`) is invalid at computed-value time: every rule reading
// it silently falls back (no error colour, no border). These checks read the stylesheet as text.

const css = readFileSync(join(process.cwd(), 'renderer/styles.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);

/** Every custom property the stylesheet defines, with the values it is given. */
function definitions(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of css.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;}]+)/g)) {
    const [, name = '', value = ''] = match;
    found.set(name, [...(found.get(name) ?? []), value.trim()]);
  }
  return found;
}

/** The custom properties a value reads. */
const reads = (value: string): string[] =>
  [...value.matchAll(/var\(\s*(--[a-z0-9-]+)/g)].map((m) => m[1] ?? '');

describe('the stylesheet’s design tokens', () => {
  const defined = definitions();
  const tokens = new Set([...brands.values()].flatMap((b) => Object.keys(designTokens(b))));

  it('defines no property in terms of itself, directly or through others', () => {
    const cyclic: string[] = [];
    const visit = (name: string, path: string[]): void => {
      if (path.includes(name)) {
        cyclic.push([...path, name].join(' -> '));
        return;
      }
      for (const value of defined.get(name) ?? [])
        for (const next of reads(value)) visit(next, [...path, name]);
    };
    for (const name of defined.keys()) visit(name, []);
    expect(cyclic).toEqual([]);
  });

  it('gives every brand token a default for the page before the brand applies', () => {
    const missing = [...tokens].filter((name) => !defined.has(`--${name}`));
    expect(missing).toEqual([]);
  });

  it('reads only properties that are defined', () => {
    const used = new Set(reads(css));
    const undefinedNames = [...used].filter((name) => !defined.has(name));
    expect(undefinedNames).toEqual([]);
    expect(used.has('--error')).toBe(true);
  });

  it('sets every brand’s own error colour', () => {
    for (const brand of brands.values())
      expect(designTokens(brand)['error']).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
