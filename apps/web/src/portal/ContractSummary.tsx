import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure } from '#renderer';
import type { ContractListItem } from './contractsApi.ts';
import { formatDate, formatAmount } from './format.ts';
import type { Translate } from './pendingChanges.ts';

/** The German label of a contract status (an unknown one: "Unbekannt"). */
export const statusLabel = (t: Translate, status: string): string =>
  t(`status.${status}`, { defaultValue: t('status.UNBEKANNT') });

/** A contract's product name: its own name, else the product's label. */
export const productName = (
  t: Translate,
  contract: Pick<ContractListItem, 'versicherungsName' | 'produkt'>,
): string =>
  contract.versicherungsName ||
  t(`produkte.${contract.produkt}`, { defaultValue: contract.produkt });

/** The facts of a listed contract: number, status, begin, premium per payment period. */
export function ContractSummary({ contract }: { contract: ContractListItem }) {
  const { t } = useTranslation('portal');
  const rows: [string, ReactNode][] = [
    [t('contract.number'), contract.versicherungsNummer],
    [t('contract.status'), statusLabel(t, contract.vertragsstatus)],
    [t('contract.begin'), <Figure>{formatDate(contract.vertragsBeginn)}</Figure>],
    [
      t('contract.premium'),
      t('contract.premiumPer', {
        betrag: formatAmount(contract.versicherungsPraemie),
        zahlweise: t(`zahlweisePer.${contract.zahlweise}`, { defaultValue: '' }),
      }).trim(),
    ],
  ];
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
