import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../generated/types/brand.ts';

// What definitions/brands/*.json promise about each brand's design (brand.schema.json): colours
// that reach WCAG 2.2 AA contrast, a logo and every illustration as a file, and every brand image a
// definition shows present in every brand.

const root = join(process.cwd(), 'definitions');
const brands = readdirSync(join(root, 'brands'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(join(root, 'brands', file), 'utf8')) as BrandConfig);

/** Relative luminance of a #rrggbb colour (WCAG 2.2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Every `brand:<name>` image a flow definition shows. */
function brandImages(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json'))
        for (const match of readFileSync(path, 'utf8').matchAll(/"src":\s*"brand:([a-z0-9-]+)"/g))
          found.push(match[1] ?? '');
    }
  };
  walk(root);
  return found;
}

describe('the brands’ designs', () => {
  it('are five, each with its own colours and logo', () => {
    expect(brands.map((b) => b.id).sort()).toEqual([
      'andsafe',
      'hfk',
      'protect',
      'protect-ch',
      's-direkt',
    ]);
    expect(new Set(brands.map((b) => b.theme.primary)).size).toBe(5);
    expect(new Set(brands.map((b) => b.design.logo)).size).toBe(5);
  });

  for (const brand of brands) {
    it(`${brand.id}: text, links and controls reach AA contrast`, () => {
      const { theme } = brand;
      const white = '#ffffff';
      const pairs: [string, string, string, number][] = [
        ['onPrimary on primary', theme.onPrimary, theme.primary, 4.5],
        ['onAccent on accent', theme.onAccent, theme.accent, 4.5],
        ['text on white', theme.text, white, 4.5],
        ['text on surface', theme.text, theme.surface, 4.5],
        ['muted on white', theme.muted, white, 4.5],
        ['muted on surface', theme.muted, theme.surface, 4.5],
        ['link on white', theme.link, white, 4.5],
        ['link on surface', theme.link, theme.surface, 4.5],
        ['primary on white (buttons, headings of the secondary button)', theme.primary, white, 4.5],
        ['border on white', theme.border, white, 3],
        ['focus on white', theme.focus, white, 3],
        ['error on white (messages, summary links)', theme.error, white, 4.5],
        ['error on surface', theme.error, theme.surface, 4.5],
        ['error on the refusal box', theme.error, '#fdecee', 4.5],
      ];
      const failing = pairs
        .filter(([, a, b, minimum]) => contrast(a, b) < minimum)
        .map(([name, a, b]) => `${name}: ${contrast(a, b).toFixed(2)}`);
      expect(failing).toEqual([]);
    });

    it(`${brand.id}: its logo and illustrations exist as SVG files`, () => {
      const files = [brand.design.logo, ...Object.values(brand.design.imagery)];
      for (const file of files) {
        const path = join(root, 'brands', file);
        expect(existsSync(path), file).toBe(true);
        expect(readFileSync(path, 'utf8')).toMatch(
          /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
        );
      }
    });

    it(`${brand.id}: has every brand image the definitions show`, () => {
      const names = Object.keys(brand.design.imagery);
      expect(brandImages().filter((name) => !names.includes(name))).toEqual([]);
    });
  }

  it('the definitions show at least one brand image (the claim report’s start)', () => {
    expect(brandImages()).toContain('schadenmeldung');
  });
});
