import { useTranslation } from 'react-i18next';

/** Tone of an info box. */
export type InfoBoxTone = 'neutral' | 'positive' | 'warning' | 'error';

/**
 * A box with a headline and a text. An error box without a headline of its own says
 * "Leider ist ein unerwarteter Fehler aufgetreten."; error and warning boxes are announced
 * (role alert), unless `live` is false because the box sits in a live region of its own.
 */
export function InfoBox({
  tone,
  headline,
  live = true,
  children,
}: {
  tone: InfoBoxTone;
  headline?: string;
  live?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  const title = headline ?? (tone === 'error' ? t('infoBox.defaultHeadline') : undefined);
  return (
    <div
      className={`info-box info-box--${tone}`}
      role={live && (tone === 'error' || tone === 'warning') ? 'alert' : undefined}
    >
      {title ? <h2 className="info-box__headline">{title}</h2> : null}
      <div className="info-box__text">{children}</div>
    </div>
  );
}
