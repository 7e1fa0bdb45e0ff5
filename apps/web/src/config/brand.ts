import type { BrandConfig } from '../../../../generated/types/brand.ts';

const modules = import.meta.glob<BrandConfig>('../../../../definitions/brands/*.json', {
  eager: true,
  import: 'default',
});

// The brands' logos and illustrations (definitions/brands/assets/): hashed asset URLs, fetched only
// where an <img> shows them.
const assets = import.meta.glob<string>('../../../../definitions/brands/assets/*/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

/** Every brand's configuration, by id. */
export const brands: ReadonlyMap<string, BrandConfig> = new Map(
  Object.values(modules).map((b) => [b.id, b]),
);

/** The default brand when the host names none. */
export const DEFAULT_BRAND = 'andsafe';

/**
 * The brand the platform is shown as: `?brand=` (kept for the tab), else the brand whose hosts
 * include the page's host, else andsafe.
 */
export function resolveBrand(host: string, search: string, remembered: string | null): BrandConfig {
  const fromQuery = new URLSearchParams(search).get('brand');
  const byHost = [...brands.values()].find((b) => b.hosts.includes(host));
  const id =
    [fromQuery, remembered, byHost?.id].find((candidate) => candidate && brands.has(candidate)) ??
    DEFAULT_BRAND;
  const brand = brands.get(id);
  if (!brand) throw new Error(`Brand "${id}" is not configured`);
  return brand;
}

/** The URL of a brand asset named in its configuration (`assets/<brand>/<file>.svg`). */
export function brandAssetUrl(path: string): string {
  const url = assets[`../../../../definitions/brands/${path}`];
  if (url === undefined) throw new Error(`Brand asset "${path}" does not exist`);
  return url;
}

/**
 * An image of a definition's content block: `brand:<name>` is the brand's illustration of that
 * name (design.imagery), anything else stays as written.
 */
export function brandImageResolver(brand: BrandConfig): (src: string) => string {
  const imagery = brand.design.imagery as Record<string, string>;
  return (src) => {
    if (!src.startsWith('brand:')) return src;
    const path = imagery[src.slice('brand:'.length)];
    return path === undefined ? src : brandAssetUrl(path);
  };
}

type FontName =
  BrandConfig['design']['typography']['body'] | BrandConfig['design']['typography']['headings'];

/** The CSS font stack of a font the platform ships (or a system stack). */
export const FONT_STACKS: Record<FontName, string> = {
  Inter: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  'Source Sans 3': "'Source Sans 3', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  'Source Serif 4': "'Source Serif 4', Georgia, 'Times New Roman', serif",
  Nunito: "'Nunito', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  'system-sans': "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  'system-serif': "Georgia, 'Times New Roman', serif",
};

// The web fonts' faces (latin subset, regular and bold, served from the app's own assets): only
// the brand's fonts are loaded.
const FONT_FACES: Partial<Record<FontName, () => Promise<unknown>>> = {
  Inter: () =>
    Promise.all([
      import('@fontsource/inter/latin-400.css'),
      import('@fontsource/inter/latin-700.css'),
    ]),
  'Source Sans 3': () =>
    Promise.all([
      import('@fontsource/source-sans-3/latin-400.css'),
      import('@fontsource/source-sans-3/latin-700.css'),
    ]),
  'Source Serif 4': () => import('@fontsource/source-serif-4/latin-700.css'),
  Nunito: () =>
    Promise.all([
      import('@fontsource/nunito/latin-400.css'),
      import('@fontsource/nunito/latin-800.css'),
    ]),
};

const SPACING = { compact: '0.875rem', regular: '1rem', airy: '1.125rem' } as const;

/** A brand's design tokens as CSS custom properties (names without the leading dashes). */
export function designTokens(brand: BrandConfig): Record<string, string> {
  const { theme, design } = brand;
  const tokens: Record<string, string> = {
    'brand-primary': theme.primary,
    'brand-on-primary': theme.onPrimary,
    'brand-accent': theme.accent,
    'brand-on-accent': theme.onAccent,
    text: theme.text,
    muted: theme.muted,
    link: theme.link,
    surface: theme.surface,
    border: theme.border,
    focus: theme.focus,
    error: theme.error,
    'font-body': FONT_STACKS[design.typography.body],
    'font-heading': FONT_STACKS[design.typography.headings],
    'heading-weight': String(design.typography.headingWeight),
    'font-scale': `${design.typography.scale * 100}%`,
    radius: design.shape.radius,
    'radius-button': design.shape.buttonRadius,
    space: SPACING[design.spacing],
  };
  return tokens;
}

/**
 * Applies a brand's design: its market's language as the document's `lang` (de, de-CH), its
 * tokens as CSS custom properties on the document, its header style and link style as data
 * attributes the stylesheet reads, and its web fonts.
 */
export function applyTheme(brand: BrandConfig, root: HTMLElement): void {
  root.lang = brand.market.locale;
  for (const [name, value] of Object.entries(designTokens(brand)))
    root.style.setProperty(`--${name}`, value);
  root.dataset['brand'] = brand.id;
  root.dataset['header'] = brand.design.header;
  root.dataset['links'] = brand.design.linkStyle;
  const { body, headings } = brand.design.typography;
  for (const font of new Set([body, headings])) void FONT_FACES[font]?.();
}
