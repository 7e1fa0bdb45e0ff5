import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import { EmailAddress } from '#renderer';

/**
 * The page footer: the brand's service contact, the legal pages (imprint, privacy), the static
 * documents (downloads, quick start, frequent questions, feedback) and the company line.
 */
export function SiteFooter({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation();
  const { contact, imprint } = brand;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('site.footer.contact')}</h2>
          <p>
            <a href={`tel:${contact.telefon.replace(/ /g, '')}`}>{contact.telefon}</a>
          </p>
          <p>{contact.erreichbarkeit}</p>
          <p>
            <a href={`mailto:${contact.email}`}>
              <EmailAddress address={contact.email} />
            </a>
          </p>
        </section>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">{t('site.footer.service')}</h2>
          <ul>
            <li>
              <Link to="/downloads">{t('site.footer.downloads')}</Link>
            </li>
            <li>
              <Link to="/quickstart">{t('site.footer.quickstart')}</Link>
            </li>
            <li>
              <Link to="/haeufige-fragen">{t('site.footer.faq')}</Link>
            </li>
            <li>
              <Link to="/kunden/umzugsservice">{t('site.footer.moving')}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('site.footer.legal')}</h2>
          <ul>
            <li>
              <Link to="/impressum">{t('site.footer.imprint')}</Link>
            </li>
            <li>
              <Link to="/datenschutz">{t('site.footer.privacy')}</Link>
            </li>
          </ul>
        </section>
        <p className="site-footer__legal">{t('site.footer.company', { firma: imprint.firma })}</p>
      </div>
    </footer>
  );
}
