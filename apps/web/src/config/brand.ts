import type { BrandConfig } from '../../../../generated/types/brand.ts';

const modules = import.meta.glob<BrandConfig>('../../../../definitions/brands/*.json', {
  eager: true,
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

/** Applies a brand's theme as CSS custom properties on the document. */
export function applyTheme(brand: BrandConfig, root: HTMLElement): void {
  root.style.setProperty('--brand-primary', brand.theme.primary);
  root.style.setProperty('--brand-on-primary', brand.theme.onPrimary);
  root.style.setProperty('--brand-accent', brand.theme.accent);
  root.dataset['brand'] = brand.id;
}
