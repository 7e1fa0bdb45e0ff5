import { addDays, addMonths, addYears, formatISO, parseISO } from 'date-fns';
import { formatGermanDate, formatMoney, type Market } from '#engine';
import type { ContractRow } from '../contracts/access.ts';
import { maskIban } from '../contracts/contractData.ts';
import { insuranceYearOf, parseDay } from '../tariffs/index.ts';
import { documentFactRows, type DocumentFact } from './lineFacts.ts';
import type { PdfModel, PdfRow, PdfSection } from './pdf.ts';
import type { StrictTexts } from '../platform/texts.ts';
import { partOf } from '../contracts/parts.ts';

/** Storage keys of the documents made from the contract's current data on every request. */
export const GENERATED_DOCUMENTS = {
  policy: 'erzeugt:versicherungsschein',
  notice: 'erzeugt:beitragsrechnung',
} as const;

/** What a contract document is made from. */
export interface ContractDocumentInput {
  row: ContractRow;
  /** The documents bundle (and common:), strict, in the market of the contract's brand. */
  texts: StrictTexts;
  /** The market of the contract's brand: its amounts are in its currency. */
  market: Market;
  /** Today as an ISO date (the app's injected clock). */
  today: string;
  /** The brand's name and colour. */
  sender: { name: string; colour: string };
  customer: { name: string; partnerNummer: string };
  agent: { name: string; vermittlerNummer: string } | null;
  /** The facts the contract's line prints on its policy (its tariff's `service.documentFacts`). */
  facts: readonly DocumentFact[];
}

/** A contract document ready to render, with the name it is saved under. */
export interface ContractDocument {
  model: PdfModel;
  fileName: string;
}

const day = (date: Date): string => formatISO(date, { representation: 'date' });

/** Months between two payments of a payment period; null for a single payment. */
const MONTHS: Record<ContractRow['zahlweise'], number | null> = {
  MONATLICH: 1,
  VIERTELJAEHRLICH: 3,
  HALBJAEHRLICH: 6,
  JAEHRLICH: 12,
  EINMALIG: null,
};

/** The period one premium notice covers, and the day it is due. */
export interface PremiumPeriod {
  /** First day (ISO date). */
  von: string;
  /** Last day, inclusive (ISO date). */
  bis: string;
  /** The due date: the period's first day. */
  faellig: string;
}

/**
 * The period of the last premium notice on `today`: the payment period (by `zahlweise`, counted
 * from the main due date `hauptfaelligkeit`) that contains today, or for an ended contract its
 * last day of cover; never before the start of cover. A single payment covers the whole term.
 */
export function premiumPeriodOf(
  row: Pick<
    ContractRow,
    | 'zahlweise'
    | 'vertragsBeginn'
    | 'ablaufdatum'
    | 'beendigungsdatum'
    | 'hauptfaelligkeitTag'
    | 'hauptfaelligkeitMonat'
  >,
  today: string,
): PremiumPeriod {
  const months = MONTHS[row.zahlweise];
  if (months === null) {
    const end = row.ablaufdatum ?? row.beendigungsdatum;
    const bis = end ?? day(addDays(addYears(parseDay(row.vertragsBeginn), 1), -1));
    return { von: row.vertragsBeginn, bis, faellig: row.vertragsBeginn };
  }
  let reference = today;
  if (row.beendigungsdatum && row.beendigungsdatum <= today)
    reference = day(addDays(parseDay(row.beendigungsdatum), -1));
  if (reference < row.vertragsBeginn) reference = row.vertragsBeginn;
  const year = insuranceYearOf(parseDay(reference), {
    day: row.hauptfaelligkeitTag,
    month: row.hauptfaelligkeitMonat,
  });
  let start = year.start;
  while (day(addMonths(start, months)) <= reference) start = addMonths(start, months);
  const von = day(start) < row.vertragsBeginn ? row.vertragsBeginn : day(start);
  return { von, bis: day(addDays(addMonths(start, months), -1)), faellig: von };
}

function baseModel(input: ContractDocumentInput, title: string) {
  const { texts, row } = input;
  return {
    sender: input.sender,
    title,
    facts: [
      { label: texts.t('common.date'), text: formatGermanDate(input.today) },
      { label: texts.t('contract.number'), text: row.versicherungsNummer },
      {
        label: texts.t('contract.holder'),
        text: texts.t('common.customerValue', { ...input.customer }),
      },
    ],
    pageLabel: (seite: number, seiten: number) => texts.t('common.page', { seite, seiten }),
    date: parseISO(input.today),
  };
}

const rows = (list: PdfRow[]): PdfSection['blocks'][number] => ({ kind: 'rows', rows: list });

function coverRows(input: ContractDocumentInput): PdfRow[] {
  const { texts, row } = input;
  const t = (key: string, values?: Record<string, unknown>) =>
    texts.t(`contract.policy.${key}`, values);
  const variant = row.deckungsVarianten.find(
    (candidate) => candidate.deckungsVarianteIdentifier === row.deckungsIdentifier,
  );
  const list: PdfRow[] = [
    { label: t('variant'), text: variant?.deckungsVarianteName ?? row.deckungsIdentifier },
  ];
  if (row.versicherungsSumme !== null)
    list.push({ label: t('sum'), text: formatMoney(row.versicherungsSumme, input.market) });
  if (row.selbstBeteiligung)
    list.push({
      label: t('deductible'),
      text:
        row.selbstBeteiligung.value === 0
          ? t('noDeductible')
          : row.selbstBeteiligung.unit === 'PERCENT'
            ? `${row.selbstBeteiligung.value} %`
            : formatMoney(row.selbstBeteiligung.value, input.market),
    });
  for (const flag of ['elementar', 'buerohaftpflicht'] as const) {
    const value = partOf(row, flag);
    if (value !== null) list.push({ label: t(flag), text: t(value ? 'included' : 'excluded') });
  }
  list.push(...documentFactRows(input.facts, row, texts));
  const risikoOrt = partOf(row, 'risikoOrt');
  if (risikoOrt) list.push({ label: t('riskLocation'), text: t('address', { ...risikoOrt }) });
  return list;
}

function premiumRows(input: ContractDocumentInput): PdfRow[] {
  const { texts, row } = input;
  return [
    {
      label: texts.t('premium.perPeriod', {
        zahlweise: texts.t(`premium.zahlweise.${row.zahlweise}`),
      }),
      text: formatMoney(row.versicherungsPraemie, input.market),
    },
    {
      label: texts.t('premium.annual'),
      text: formatMoney(row.jahresVersicherungsPraemie, input.market),
    },
  ];
}

/**
 * How a contract's premium is paid in its brand's market: with bank details, the market's debit
 * (SEPA direct debit, LSV+ in Switzerland); without, its bill (the Swiss QR-bill) or a transfer.
 */
export function paymentMethodOf(
  row: Pick<ContractRow, 'bankverbindung'>,
  market: Market,
): Market['paymentMethods'][number] | 'UEBERWEISUNG' {
  const debit = market.paymentMethods.find((m) => m === 'SEPA_LASTSCHRIFT' || m === 'LSV');
  if (row.bankverbindung && debit) return debit;
  return market.paymentMethods.includes('QR_RECHNUNG') ? 'QR_RECHNUNG' : 'UEBERWEISUNG';
}

function paymentRows(input: ContractDocumentInput): PdfRow[] {
  const { texts, row } = input;
  const t = (key: string) => texts.t(`contract.policy.${key}`);
  const list: PdfRow[] = [
    { label: t('paymentPeriod'), text: texts.t(`premium.zahlweise.${row.zahlweise}`) },
    { label: t('method'), text: t(`methods.${paymentMethodOf(row, input.market)}`) },
  ];
  const bank = row.bankverbindung;
  if (!bank) return list;
  list.push(
    { label: t('accountHolder'), text: bank.kontoinhaber },
    { label: t('iban'), text: maskIban(bank.iban) },
  );
  if (bank.swiftBic) list.push({ label: t('bic'), text: bank.swiftBic });
  return list;
}

/**
 * The policy (Versicherungsschein) as of today: contract data (product, number, status, dates,
 * main due date), cover (variant, sum, deductible, included covers, the facts the line declares,
 * the risk address),
 * the premium per payment and per year, the payment (period, method, holder, IBAN masked) and
 * the agent, under the brand's name and colour.
 */
export function policyDocument(input: ContractDocumentInput): ContractDocument {
  const { texts, row } = input;
  const t = (key: string, values?: Record<string, unknown>) =>
    texts.t(`contract.policy.${key}`, values);
  const contractRows: PdfRow[] = [
    { label: t('product'), text: row.versicherungsName },
    { label: texts.t('contract.number'), text: row.versicherungsNummer },
    { label: t('status'), text: texts.t(`contract.status.${row.vertragsstatus}`) },
    { label: t('applied'), text: formatGermanDate(row.antragsdatum) },
    { label: t('begin'), text: formatGermanDate(row.vertragsBeginn) },
    {
      label: t('expiry'),
      text: row.ablaufdatum ? formatGermanDate(row.ablaufdatum) : t('openEnded'),
    },
    {
      label: t('mainDue'),
      text: `${String(row.hauptfaelligkeitTag).padStart(2, '0')}.${String(row.hauptfaelligkeitMonat).padStart(2, '0')}.`,
    },
  ];
  if (row.beendigungsdatum)
    contractRows.push({ label: t('ended'), text: formatGermanDate(row.beendigungsdatum) });
  const sections: PdfSection[] = [
    { heading: t('contractData'), blocks: [rows(contractRows)] },
    { heading: t('cover'), blocks: [rows(coverRows(input))] },
    { heading: texts.t('premium.headline'), blocks: [rows(premiumRows(input))] },
    { heading: t('payment'), blocks: [rows(paymentRows(input))] },
  ];
  if (input.agent)
    sections.push({
      heading: t('agent'),
      blocks: [{ kind: 'paragraph', text: t('agentValue', { ...input.agent }) }],
    });
  return {
    model: {
      ...baseModel(input, t('title', { produkt: row.versicherungsName })),
      sections,
      notes: [
        t('note', { datum: formatGermanDate(input.today) }),
        texts.t('common.illustrative'),
        texts.t('common.demo'),
      ],
    },
    fileName: t('fileName', { nummer: row.versicherungsNummer }),
  };
}

/**
 * The last premium notice (Beitragsrechnung): the period it covers and its due date
 * ({@link premiumPeriodOf}), the amount per payment and per year, and how it is paid in the
 * brand's market ({@link paymentMethodOf}: a debit from the masked account, a QR-bill, or a
 * transfer naming the contract number); a dunning flag adds the request to pay.
 */
export function premiumNoticeDocument(input: ContractDocumentInput): ContractDocument {
  const { texts, row } = input;
  const t = (key: string, values?: Record<string, unknown>) =>
    texts.t(`contract.notice.${key}`, values);
  const period = premiumPeriodOf(row, input.today);
  const betrag = formatMoney(row.versicherungsPraemie, input.market);
  const faellig = formatGermanDate(period.faellig);
  const blocks: PdfSection['blocks'] = [
    rows([
      {
        label: t('period'),
        text: t('periodValue', {
          von: formatGermanDate(period.von),
          bis: formatGermanDate(period.bis),
        }),
      },
      { label: t('due'), text: faellig },
      {
        label: texts.t('contract.policy.paymentPeriod'),
        text: texts.t(`premium.zahlweise.${row.zahlweise}`),
      },
      { label: t('amount'), text: betrag },
      {
        label: texts.t('premium.annual'),
        text: formatMoney(row.jahresVersicherungsPraemie, input.market),
      },
    ]),
    {
      kind: 'paragraph',
      text: t(`methods.${paymentMethodOf(row, input.market)}`, {
        betrag,
        datum: faellig,
        nummer: row.versicherungsNummer,
        ...(row.bankverbindung ? { iban: maskIban(row.bankverbindung.iban) } : {}),
      }),
    },
  ];
  if (row.mahnung) blocks.push({ kind: 'paragraph', text: t('overdue') });
  return {
    model: {
      ...baseModel(input, t('title', { produkt: row.versicherungsName })),
      sections: [{ heading: t('headline'), blocks }],
      notes: [texts.t('common.illustrative'), texts.t('common.demo')],
    },
    fileName: t('fileName', { nummer: row.versicherungsNummer }),
  };
}

/** The generated documents by storage key. */
export const GENERATED_BUILDERS: Record<
  string,
  (input: ContractDocumentInput) => ContractDocument
> = {
  [GENERATED_DOCUMENTS.policy]: policyDocument,
  [GENERATED_DOCUMENTS.notice]: premiumNoticeDocument,
};
