import { useTranslation } from 'react-i18next';
import type { BrandConfig } from '../../../../generated/types/brand.ts';

const PRODUCTS = [
  'PRIVATHAFTPFLICHT',
  'TIERHALTER',
  'FAHRRAD',
  'HAUSRAT',
  'BHV',
  'VH',
  'VSH',
  'REISE',
] as const;

/** The home page: the brand, what the platform offers, and the insurance lines. */
export function Home({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <h2>{t('home.productsHeadline')}</h2>
      <ul className="product-list">
        {PRODUCTS.map((code) => (
          <li key={code}>{t(`products.${code}`)}</li>
        ))}
      </ul>
      <p className="brand-note">{t('home.brandNote', { brand: brand.name })}</p>
    </>
  );
}
