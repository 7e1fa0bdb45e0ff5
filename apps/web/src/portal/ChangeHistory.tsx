import { useTranslation } from 'react-i18next';
import type { Contract } from './contractsApi.ts';
import { formatDate } from './format.ts';
import { pendingLines, pendingValue } from './pendingChanges.ts';

/** The changes that took effect, newest first ("Zahlweise: Jährlich seit 01.08.2025"). */
export function ChangeHistory({ contract }: { contract: Contract }) {
  const { t } = useTranslation('portal');
  const entries = contract.aenderungshistorie;
  if (entries.length === 0) return null;
  return (
    <>
      <h2>{t('history.title')}</h2>
      <ul className="pending-list">
        {entries.map((entry, index) => {
          const list = entry.liste;
          const ab = formatDate(entry.wirksamAb);
          return (
            <li key={`${entry.art}-${entry.wirksamAb}-${index}`}>
              {list === null
                ? t('history.otherChange', { ab })
                : t('history.item', {
                    art: t(`pending.lists.${list}`),
                    wert: pendingValue(list, entry.wert, contract, t),
                    ab,
                  })}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The changes still to come ("Zahlweise: Jährlich ab 01.08.2027"), or that there are none: the
 * customer's and the agent's contract pages show the same list.
 */
export function PendingChanges({ contract }: { contract: Contract }) {
  const { t } = useTranslation('portal');
  const pending = pendingLines(contract, t);
  return (
    <>
      <h2>{t('pending.title')}</h2>
      {pending.length === 0 ? (
        <p>{t('pending.none')}</p>
      ) : (
        <ul className="pending-list">
          {pending.map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ul>
      )}
    </>
  );
}
