import { useTranslation } from 'react-i18next';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import { FactList } from './FactList.tsx';
import { usePageHeading } from './usePageHeading.ts';
import { EmailAddress } from '#renderer';

/** Impressum: the brand's legal notice (definitions/brands/<id>.json `imprint` and `contact`). */
export function ImprintPage({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation('oeffentlich');
  const heading = usePageHeading(t('impressum.title'));
  const { imprint, contact } = brand;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('impressum.title')}
      </h1>
      <p>{t('impressum.intro')}</p>
      <FactList
        rows={[
          [t('impressum.firma'), imprint.firma],
          [t('impressum.anschrift'), imprint.anschrift],
          [t('impressum.vertreten'), imprint.vertreten],
          [t('impressum.register'), imprint.register],
          [t('impressum.ustId'), imprint.ustId],
          [t('impressum.aufsicht'), imprint.aufsicht],
          [t('impressum.telefon'), contact.telefon],
          [t('impressum.email'), <EmailAddress address={contact.email} />],
        ]}
      />
      <h2>{t('impressum.streitTitle')}</h2>
      <p>{t('impressum.streit')}</p>
    </section>
  );
}

/** Datenschutz: what the platform stores and why, and who to ask (texts of the bundle). */
export function PrivacyPage({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation('oeffentlich');
  const heading = usePageHeading(t('datenschutz.title'));
  const sections = t('datenschutz.sections', { returnObjects: true }) as unknown;
  const list =
    sections !== null && typeof sections === 'object'
      ? Object.values(sections as Record<string, { title: string; text: string }>)
      : [];
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('datenschutz.title')}
      </h1>
      <p>
        {t('datenschutz.intro', { firma: brand.imprint.firma, anschrift: brand.imprint.anschrift })}
      </p>
      {list.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <h2>{t('datenschutz.contactTitle')}</h2>
      <p>
        {t('datenschutz.contact', {
          email: brand.contact.email,
          anschrift: brand.contact.anschrift,
        })}
      </p>
    </section>
  );
}
