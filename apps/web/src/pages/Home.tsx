import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import { brandAssetUrl } from '../config/brand.ts';
import { usePageTitle } from '../layout/pageTitle.ts';
import {
  claimEntries,
  flowVariant,
  productNameKeys,
  publicApplicationEntries,
} from '../flows/flowIndex.ts';

/**
 * The home page: the brand's welcome with its illustration, then every insurance line the brand
 * sells online as a tile, from the flow index (a new application definition appears here by
 * itself; flows for existing contracts and signed-in users do not), each with its application
 * and, where the flow has one, its advice variant and a teaser from the bundle
 * (`common:teasers.<product identifier>`, else `common:teasers.<product code>`); then the claim report, the two portals and the services.
 */
export function Home({ brand }: { brand: BrandConfig }) {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  const products = publicApplicationEntries(brand.id, 'customer');
  const claim = claimEntries(brand.id)[0];
  usePageTitle(t('home.documentTitle'));
  useEffect(() => {
    // The header's "Versicherungen" leads to the tiles.
    if (hash === '#versicherungen') document.getElementById('versicherungen')?.focus();
  }, [hash]);
  return (
    <>
      <section className="hero">
        <div>
          <h1>
            {/* The brand's name stays on one line ("S-Direkt" never breaks at its hyphen). */}
            <Trans
              t={t}
              i18nKey="home.title"
              values={{ brand: brand.name }}
              components={{ brand: <span className="brand-name" /> }}
            />
          </h1>
          <p>{t('home.intro')}</p>
          <p className="hero__actions">
            <a className="button" href="#versicherungen">
              {t('home.ctaProducts')}
            </a>
            {claim ? (
              <Link className="button button--secondary" to={claim.baseRoute}>
                {t('home.ctaClaim')}
              </Link>
            ) : null}
          </p>
        </div>
        <img
          className="hero__image"
          src={brandAssetUrl(brand.design.imagery.hero)}
          alt=""
          width="480"
          height="300"
        />
      </section>
      <section aria-labelledby="versicherungen">
        <h2 id="versicherungen" tabIndex={-1}>
          {t('home.productsHeadline')}
        </h2>
        <p>{t('home.productsIntro')}</p>
        {products.length === 0 ? (
          <p>{t('home.noProducts')}</p>
        ) : (
          <ul className="tile-grid product-list" aria-labelledby="versicherungen">
            {products.map((entry) => {
              const product = t(productNameKeys(entry));
              const advice = flowVariant(entry.id, 'advice');
              // The teaser of the product, else of its line.
              const teaserKey = [entry.productIdentifier, entry.product]
                .map((id) => `teasers.${id ?? ''}`)
                .find((key) => i18n.exists(key));
              return (
                <li key={entry.id}>
                  <article className="tile">
                    <h3>{product}</h3>
                    {teaserKey ? <p>{t(teaserKey)}</p> : null}
                    <p className="tile__links">
                      <Link to={entry.baseRoute}>{t('home.apply', { product })}</Link>
                      {advice && (advice.brands as readonly string[]).includes(brand.id) ? (
                        <Link to={advice.baseRoute}>{t('home.advice', { product })}</Link>
                      ) : null}
                    </p>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {claim ? (
        <section className="band" aria-labelledby="schaden">
          <h2 id="schaden">{t('home.claimsHeadline')}</h2>
          <p>{t('home.claimsIntro')}</p>
          <p>
            <Link className="button" to={claim.baseRoute}>
              {t('home.claim')}
            </Link>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="portale">
        <h2 id="portale">{t('home.portalsHeadline')}</h2>
        <p>{t('home.portalsIntro')}</p>
        <ul className="tile-grid service-list">
          {(
            [
              ['/kunden/login', 'customerPortal'],
              ['/vermittler/login', 'agentPortal'],
              ['/kunden/umzugsservice', 'movingService'],
              ['/haeufige-fragen', 'faq'],
              ['/quickstart', 'quickstart'],
              ['/downloads', 'downloads'],
            ] as const
          ).map(([to, key]) => (
            <li key={to} className="tile">
              <Link to={to}>{t(`home.${key}`)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
