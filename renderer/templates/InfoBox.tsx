import { useTranslation } from 'react-i18next';

/** Tone of an info box. */
export type InfoBoxTone = 'neutral' | 'positive' | 'warning' | 'error';

/**
 * A box with a headline and a text. An error box without a headline of its own says
 * "Leider ist ein unerwarteter Fehler aufgetreten."; error and warning boxes are announced.
 */
export function InfoBox({
  tone,
  headline,
  children,
}: {
  tone: InfoBoxTone;
  headline?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  const title = headline ?? (tone === 'error' ? t('infoBox.defaultHeadline') : undefined);
  return (
    <div
      className={`info-box info-box--${tone}`}
      role={tone === 'error' || tone === 'warning' ? 'alert' : undefined}
    >
      {title ? <h2 className="info-box__headline">{title}</h2> : null}
      <div className="info-box__text">{children}</div>
    </div>
  );
}
