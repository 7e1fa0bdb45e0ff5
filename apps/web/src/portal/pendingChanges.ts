import {
  PENDING_LISTS,
  type Address,
  type Contract,
  type PendingChange,
  type PendingList,
} from './contractsApi.ts';
import { formatDate, formatAmount } from './format.ts';

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

/** The new value of a pending change, in German. */
export function pendingValue(
  list: PendingList,
  wert: unknown,
  contract: Pick<Contract, 'phv'>,
  t: Translate,
): string {
  switch (list) {
    case 'vorgemerkteZahlweise':
      return labelled('zahlweise', wert, t);
    case 'vorgemerkteSelbstBeteiligung':
      return labelled('pending.values.selbstbeteiligung', wert, t);
    case 'vorgemerktePhvAnzahl':
      return labelled('pending.values.phvAnzahl', wert, t);
    case 'vorgemerkteElementar':
    case 'vorgemerkteBuerohaftpflicht':
      return flag(wert, t);
    case 'vorgemerkterFamilienstand': {
      const key = isRecord(wert) ? text(wert['key']) : text(wert);
      const option = contract.phv?.familienstand.options.find((o) => o.key === key);
      if (option) return option.label;
      return isRecord(wert) && typeof wert['label'] === 'string' ? wert['label'] : key;
    }
    case 'vorgemerkterRisikoOrt':
      return isRecord(wert) ? addressLine(wert as Partial<Address>, t) : fallback(wert);
    case 'vorgemerkteHausratDeckungen': {
      if (!isRecord(wert)) return fallback(wert);
      const deckung = labelled('pending.values.hausratDeckung', wert['deckung'], t);
      const summe = formatAmount(text(wert['versicherungssumme']));
      if (wert['eingeschlossen'] !== true) return t('pending.values.cover.excluded', { deckung });
      return summe
        ? t('pending.values.cover.includedWithSum', { deckung, summe })
        : t('pending.values.cover.included', { deckung });
    }
    case 'vorgemerkterJahresumsatz':
    case 'vorgemerkteVersicherungssumme': {
      const amount = isRecord(wert) ? wert['value'] : wert;
      return formatAmount(text(amount));
    }
    case 'vorgemerkteBetriebsarten': {
      if (!isRecord(wert)) return fallback(wert);
      const haupt = text(wert['hauptgewerbe']);
      const neben = Array.isArray(wert['nebengewerbe']) ? wert['nebengewerbe'].map(text) : [];
      return neben.length > 0
        ? t('pending.values.tradesWithSecondary', { haupt, neben: neben.join(', ') })
        : haupt;
    }
  }
}

/** One pending change as "Zahlweise: Monatlich ab 01.01.2027" (with "bis …" when it ends). */
export function pendingLine(
  list: PendingList,
  change: PendingChange,
  contract: Pick<Contract, 'phv'>,
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

/** Every pending change of a contract, list by list in the page's order (empty lists skipped). */
export function pendingLines(contract: Contract, t: Translate): PendingLine[] {
  return PENDING_LISTS.flatMap((list) =>
    (contract[list] ?? []).map((change, index) => ({
      key: `${list}-${index}`,
      text: pendingLine(list, change, contract, t),
    })),
  );
}
