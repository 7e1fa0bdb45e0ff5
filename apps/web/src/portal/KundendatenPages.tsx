import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BrandConfig } from '../../../../generated/types/brand.ts';
import { EmailAddress, Figure, InfoBox } from '#renderer';
import { isMarketPostcode } from '#engine';
import { currentMarket } from '../i18n/setup.ts';
import { AuthForm } from '../auth/form/AuthForm.tsx';
import { required, type Rule } from '../auth/form/rules.ts';
import { TextField } from '../auth/form/TextField.tsx';
import { useAuthForm } from '../auth/form/useAuthForm.ts';
import { formatPhone } from './phoneFormat.ts';
import { FactList } from '../pages/FactList.tsx';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import {
  fetchKundendaten,
  KontaktdatenRefused,
  saveKontaktdaten,
  type Kontaktkanal,
  type Kundendaten,
} from './kundendatenApi.ts';

const KEY = ['portal', 'kundendaten'] as const;

/** Kundenportal "kundendaten": the customer's data with the ways to change each part. */
export function KundendatenPage() {
  const { t } = useTranslation('portal');
  const title = t('kundendaten.title');
  const heading = usePageHeading(title);
  const query = useQuery({ queryKey: KEY, queryFn: fetchKundendaten, refetchOnMount: 'always' });
  const data = query.data;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <QueryStatus query={query} loadError={t('kundendaten.loadError')} />
      {data ? (
        <>
          <FactList
            rows={[
              [t('kundendaten.name'), data.firmenname ?? `${data.vorname} ${data.nachname}`],
              [t('kundendaten.partnerNummer'), data.partnerNummer],
              [t('kundendaten.adresse'), addressLine(data)],
              [t('kundendaten.email'), <EmailAddress address={data.email} />],
              [
                t('kundendaten.handynummer'),
                data.handynummer ? (
                  <Figure>{formatPhone(data.handynummer)}</Figure>
                ) : (
                  t('kundendaten.keine')
                ),
              ],
              [t('kundendaten.kontaktkanal'), t(`kundendaten.kanal.${data.kontaktkanal}`)],
            ]}
          />
          <h2>{t('kundendaten.change')}</h2>
          <ul className="action-list">
            <li>
              <Link to="/kunden/kundendaten/kontaktdaten">{t('kundendaten.toKontaktdaten')}</Link>
            </li>
            <li>
              <Link to="/kunden/kundendaten/email">{t('kundendaten.toEmail')}</Link>
            </li>
            <li>
              <Link to="/kunden/kundendaten/handynummer">{t('kundendaten.toHandynummer')}</Link>
            </li>
            <li>
              <Link to="/kunden/kundendaten/passwort">{t('kundendaten.toPasswort')}</Link>
            </li>
          </ul>
        </>
      ) : null}
    </section>
  );
}

const addressLine = (data: Kundendaten): string =>
  `${data.adresse.strasse} ${data.adresse.hausnummer}, ${data.adresse.plz} ${data.adresse.ort}`;

/** A postcode of the brand's country (its market), as the server checks it. */
const plz: Rule = (value) =>
  isMarketPostcode(value, currentMarket()) ? null : 'kundendaten.validation.plz';

/** The contact data form, started with the customer's current data. */
function KontaktdatenForm({ data }: { data: Kundendaten }) {
  const { t } = useTranslation('portal');
  const client = useQueryClient();
  const [kanal, setKanal] = useState<Kontaktkanal>(data.kontaktkanal);
  const form = useAuthForm(
    { ...data.adresse },
    {
      strasse: required('kundendaten.validation.strasse'),
      hausnummer: required('kundendaten.validation.hausnummer'),
      plz,
      ort: required('kundendaten.validation.ort'),
    },
    // A server field message arrives as its German text (marked "!"), anything else as a key.
    (key) => (key.startsWith('!') ? key.slice(1) : t(key)),
  );
  const save = async () => {
    try {
      const saved = await saveKontaktdaten({ ...form.values, kontaktkanal: kanal });
      client.setQueryData(KEY, saved);
      return null;
    } catch (error) {
      if (error instanceof KontaktdatenRefused) {
        const first = Object.values(error.fields)[0];
        return first ? `!${first}` : 'kundendaten.saveError';
      }
      return 'kundendaten.saveError';
    }
  };
  return (
    <AuthForm
      {...form.status}
      title={t('kundendaten.kontaktdatenTitle')}
      submitLabel={t('kundendaten.save')}
      onSubmit={() => void form.submit(save)}
      intro={
        form.done ? (
          <InfoBox tone="positive">{t('kundendaten.saved')}</InfoBox>
        ) : (
          <p>{t('kundendaten.kontaktdatenIntro')}</p>
        )
      }
      footer={
        <p>
          <Link to="/kunden/kundendaten">{t('kundendaten.back')}</Link>
        </p>
      }
    >
      <TextField
        {...form.field('strasse')}
        autoComplete="address-line1"
        label={t('kundendaten.strasse')}
      />
      <TextField {...form.field('hausnummer')} label={t('kundendaten.hausnummerLabel')} />
      <TextField
        {...form.field('plz')}
        inputMode="numeric"
        autoComplete="postal-code"
        label={t('kundendaten.plz')}
      />
      <TextField
        {...form.field('ort')}
        autoComplete="address-level2"
        label={t('kundendaten.ort')}
      />
      <fieldset className="field">
        <legend className="field__label">{t('kundendaten.kontaktkanal')}</legend>
        {(['EMAIL', 'CHAT'] as const).map((value) => (
          <div key={value} className="choice">
            <input
              type="radio"
              id={`kanal-${value}`}
              name="kontaktkanal"
              value={value}
              checked={kanal === value}
              onChange={() => setKanal(value)}
            />
            <label htmlFor={`kanal-${value}`}>{t(`kundendaten.kanal.${value}`)}</label>
          </div>
        ))}
      </fieldset>
    </AuthForm>
  );
}

/** Kundenportal "kundendaten/kontaktdaten": address and preferred contact channel. */
export function KontaktdatenPage() {
  const { t } = useTranslation('portal');
  const query = useQuery({ queryKey: KEY, queryFn: fetchKundendaten });
  if (!query.data) {
    return (
      <section className="portal-page">
        <h1>{t('kundendaten.kontaktdatenTitle')}</h1>
        <QueryStatus query={query} loadError={t('kundendaten.loadError')} />
      </section>
    );
  }
  return <KontaktdatenForm data={query.data} />;
}

/** Kundenportal "kontakt": how to reach the brand's service team, and the message form. */
export function KontaktPage({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation('portal');
  const title = t('kontakt.title');
  const heading = usePageHeading(title);
  const contact = brand.contact;
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t('kontakt.intro')}</p>
      <h2>{t('kontakt.writeHeadline')}</h2>
      <p>
        {t('kontakt.writeText')} <Link to="/kunden/nachricht">{t('postfach.write')}</Link>
      </p>
      <h2>{t('kontakt.phoneHeadline')}</h2>
      <p>
        <a href={`tel:${contact.telefon.replace(/\s/g, '')}`}>{contact.telefon}</a>
        <br />
        {contact.erreichbarkeit}
      </p>
      <h2>{t('kontakt.mailHeadline')}</h2>
      <p>
        <a href={`mailto:${contact.email}`}>
          <EmailAddress address={contact.email} />
        </a>
        <br />
        {t('kontakt.mailNote')}
      </p>
      <h2>{t('kontakt.postHeadline')}</h2>
      <p>{contact.anschrift}</p>
      <h2>{t('kontakt.claimHeadline')}</h2>
      <p>
        <Link to="/schaden-melden">{t('kontakt.claimLink')}</Link>
      </p>
    </section>
  );
}
