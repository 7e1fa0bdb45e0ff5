import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WizardDefinition } from '#engine';
import { usePageHeading } from '../pages/usePageHeading.ts';

/**
 * A self-service change opened for a contract it does not apply to (its `forContracts` offer):
 * the change's own German reason (refusalKey in its namespace) and the way back to the contract
 * and to its changes that do apply. Not an error: nothing failed.
 */
export function NotOfferedPage({
  definition,
  contract,
}: {
  definition: WizardDefinition;
  contract: Record<string, unknown>;
}) {
  const { t, ready } = useTranslation([definition.i18nNamespace, 'common'], {
    useSuspense: false,
  });
  const title = ready ? t('flow.notOfferedTitle', { ns: 'common' }) : '';
  const heading = usePageHeading(title);
  if (!ready) return null;
  const nummer =
    typeof contract['versicherungsNummer'] === 'string' ? contract['versicherungsNummer'] : '';
  return (
    <section className="wizard-page wizard-page--info">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(definition.titleKey, { ns: definition.i18nNamespace })}</p>
      <p>
        {t(definition.forContracts?.refusalKey ?? '', {
          ns: definition.i18nNamespace,
          versicherungsNummer: nummer,
        })}
      </p>
      <p>
        <Link to={`/kunden/vertraege/${encodeURIComponent(nummer)}`}>
          {t('flow.backToContract', { ns: 'common', nummer })}
        </Link>
      </p>
    </section>
  );
}
