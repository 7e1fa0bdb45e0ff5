import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import {
  claimEntries,
  flowVariant,
  productNameKeys,
  publicApplicationEntries,
} from '../flows/flowIndex.ts';

/**
 * The home page: the brand, what the platform offers, and every insurance line the brand sells
 * online, from the flow index (a new application definition appears here by itself; flows for
 * existing contracts and signed-in users do not), each with its application and, where the flow
 * has one, its advice variant; then the claim report and the two
 * portals.
 */
export function Home({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation();
  const products = publicApplicationEntries(brand.id, 'customer');
  const claims = claimEntries(brand.id);
  return (
    <>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <h2>{t('home.productsHeadline')}</h2>
      {products.length === 0 ? (
        <p>{t('home.noProducts')}</p>
      ) : (
        <ul className="product-list">
          {products.map((entry) => {
            const product = t(productNameKeys(entry));
            const advice = flowVariant(entry.id, 'advice');
            return (
              <li key={entry.id}>
                <Link to={entry.baseRoute}>{t('home.apply', { product })}</Link>
                {advice && (advice.brands as readonly string[]).includes(brand.id) ? (
                  <>
                    {' '}
                    <Link to={advice.baseRoute}>{t('home.advice', { product })}</Link>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {claims.length > 0 ? (
        <>
          <h2>{t('home.claimsHeadline')}</h2>
          <ul className="service-list">
            {claims.map((entry) => (
              <li key={entry.id}>
                <Link to={entry.baseRoute}>{t('home.claim')}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>{t('home.portalsHeadline')}</h2>
      <ul className="service-list">
        <li>
          <Link to="/kunden/login">{t('home.customerPortal')}</Link>
        </li>
        <li>
          <Link to="/vermittler/login">{t('home.agentPortal')}</Link>
        </li>
        <li>
          <Link to="/kunden/umzugsservice">{t('home.movingService')}</Link>
        </li>
        <li>
          <Link to="/haeufige-fragen">{t('home.faq')}</Link>
        </li>
        <li>
          <Link to="/quickstart">{t('home.quickstart')}</Link>
        </li>
        <li>
          <Link to="/downloads">{t('home.downloads')}</Link>
        </li>
      </ul>
      <p className="brand-note">{t('home.brandNote', { brand: brand.name })}</p>
    </>
  );
}
