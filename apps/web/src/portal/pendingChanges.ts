import {
  PENDING_LISTS,
  type Address,
  type Contract,
  type PendingChange,
  type PendingList,
} from './contractsApi.ts';
import type { ContractPage, PendingValue } from '../../../../generated/types/contract-page.ts';
import contractPage from '../../../../definitions/contract-page.json';
import { formatDate, formatAmount } from './format.ts';

/** The contract page's declaration of the pending lists. */
const page: ContractPage = contractPage as ContractPage;

/** The translate function of the `portal` namespace (as useTranslation('portal') gives it). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One line of the "Vorgemerkte Änderungen" section. */
export interface PendingLine {
  key: string;
  text: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** An address as one line: "Musterstraße 1, 12345 Berlin". */
export function addressLine(address: Partial<Address>, t: Translate): string {
  return t('address', {
    strasse: text(address.strasse),
    hausnummer: text(address.hausnummer),
    plz: text(address.plz),
    ort: text(address.ort),
  }).trim();
}

const flag = (value: unknown, t: Translate): string =>
  t(value === true ? 'pending.values.included' : 'pending.values.excluded');

/** A value by its label key, the value itself when the bundle has no label for it. */
const labelled = (prefix: string, value: unknown, t: Translate): string =>
  t(`${prefix}.${text(value)}`, { defaultValue: text(value) });

/** Something we have no rule for: its plain parts, never raw JSON. */
function fallback(value: unknown): string {
  if (isRecord(value)) return Object.values(value).map(fallback).filter(Boolean).join(', ');
  if (Array.isArray(value)) return value.map(fallback).filter(Boolean).join(', ');
  if (typeof value === 'boolean') return '';
  return text(value);
}

/** The value at a dotted path of the contract view (`<part>.<field>.options`). */
function atPath(contract: Contract, path: string): unknown {
  let node: unknown = contract;
  for (const segment of path.split('.')) node = isRecord(node) ? node[segment] : undefined;
  return node;
}

/** The label of the option with the value's key in a list of { key, label }, else its own. */
function optionLabel(options: unknown, wert: unknown): string {
  const key = isRecord(wert) ? text(wert['key']) : text(wert);
  const option = Array.isArray(options)
    ? options.find((candidate) => isRecord(candidate) && candidate['key'] === key)
    : undefined;
  if (isRecord(option) && typeof option['label'] === 'string') return option['label'];
  return isRecord(wert) && typeof wert['label'] === 'string' ? wert['label'] : key;
}

function written(rule: PendingValue, wert: unknown, contract: Contract, t: Translate): string {
  switch (rule.show) {
    case 'label':
      return labelled(rule.labels, wert, t);
    case 'flag':
      return flag(wert, t);
    case 'option':
      return optionLabel(atPath(contract, rule.options), wert);
    case 'address':
      return isRecord(wert) ? addressLine(wert as Partial<Address>, t) : fallback(wert);
    case 'cover': {
      if (!isRecord(wert)) return fallback(wert);
      const deckung = labelled(rule.labels, wert['deckung'], t);
      const summe = formatAmount(text(wert['versicherungssumme']));
      if (wert['eingeschlossen'] !== true) return t('pending.values.cover.excluded', { deckung });
      return summe
        ? t('pending.values.cover.includedWithSum', { deckung, summe })
        : t('pending.values.cover.included', { deckung });
    }
    case 'amount': {
      const amount = isRecord(wert) ? wert['value'] : wert;
      return formatAmount(text(amount));
    }
    case 'trades': {
      if (!isRecord(wert)) return fallback(wert);
      const haupt = text(wert['hauptgewerbe']);
      const neben = Array.isArray(wert['nebengewerbe']) ? wert['nebengewerbe'].map(text) : [];
      return neben.length > 0
        ? t('pending.values.tradesWithSecondary', { haupt, neben: neben.join(', ') })
        : haupt;
    }
  }
}

/**
 * The new value of a pending change, in German, as definitions/contract-page.json says the list's
 * values are written (its plain parts for a list it does not know).
 */
export function pendingValue(
  list: PendingList,
  wert: unknown,
  contract: Contract,
  t: Translate,
): string {
  const rule = page.pendingLists[list];
  return rule ? written(rule, wert, contract, t) : fallback(wert);
}

/** One pending change as "Zahlweise: Monatlich ab 01.01.2027" (with "bis …" when it ends). */
export function pendingLine(
  list: PendingList,
  change: PendingChange,
  contract: Contract,
  t: Translate,
): string {
  const options = {
    art: t(`pending.lists.${list}`),
    wert: pendingValue(list, change.wert, contract, t),
    ab: formatDate(change.wirksamAb),
    bis: formatDate(change.wirksamBis),
  };
  return t(change.wirksamBis ? 'pending.itemUntil' : 'pending.item', options);
}

/** The pending lists in the page's order (definitions/contract-page.json lists every one). */
const PAGE_ORDER = Object.keys(page.pendingLists).filter((list): list is PendingList =>
  (PENDING_LISTS as readonly string[]).includes(list),
);

/** Every pending change of a contract, list by list in the page's order (empty lists skipped). */
export function pendingLines(contract: Contract, t: Translate): PendingLine[] {
  return PAGE_ORDER.flatMap((list) =>
    (contract[list] ?? []).map((change, index) => ({
      key: `${list}-${index}`,
      text: pendingLine(list, change, contract, t),
    })),
  );
}
