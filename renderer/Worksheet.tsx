import type { RatingWorksheet } from '../generated/types/rating-worksheet.ts';
import type { RendererFormContext } from './formContext.ts';
import { formatGermanDate } from './widgets/germanDate.ts';

type Value = RatingWorksheet['eingaben'][number]['wert'];
type Step = RatingWorksheet['schritte'][number];

const isWorksheet = (value: unknown): value is RatingWorksheet =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as RatingWorksheet).schritte) &&
  Array.isArray((value as RatingWorksheet).eingaben);

/** A figure of the worksheet in the locale's notation, with up to six decimals (rates, factors). */
const figureText = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);

/** A worksheet value as people read it: numbers in the locale's notation, dates as TT.MM.JJJJ, Ja/Nein. */
function valueText(value: Value | undefined, context: RendererFormContext): string {
  const { t } = context;
  if (value === undefined || value === null) return '–';
  if (typeof value === 'boolean') return t(value ? 'common:summary.yes' : 'common:summary.no');
  if (typeof value === 'number') return figureText(value, context.locale);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatGermanDate(value) : value;
}

/** What a step used: the value with its source (table and key, tariff pointer), or that it was skipped. */
function usedText(step: Step, context: RendererFormContext): string {
  const { t } = context;
  if (!step.ausgefuehrt) return t('common:worksheet.skipped');
  if (step.operation === 'round') return t('common:worksheet.round', { count: step.stellen ?? 2 });
  const value = valueText(step.wert, context);
  const source = step.quelle;
  if (source?.art === 'tabelle')
    return t('common:worksheet.fromTable', {
      wert: value,
      tabelle: source.bezeichnung ?? source.tabelle ?? '',
      schluessel: (source.schluessel ?? []).map((key) => valueText(key, context)).join(' / '),
    });
  if (source?.art === 'tarif')
    return t('common:worksheet.fromTariff', { wert: value, zeiger: source.zeiger ?? '' });
  return value;
}

/**
 * A rating worksheet (content block `worksheet`, the quote's `rechenweg`) for agents: collapsed
 * under the price; opened, a table of the inputs and one of the routine's steps with the value
 * each used (table and key, tariff pointer) and the result, so a price can be explained.
 */
export function Worksheet({ value, context }: { value: unknown; context: RendererFormContext }) {
  const { t } = context;
  if (!isWorksheet(value)) return null;
  const { tarif } = value;
  return (
    <details className="worksheet">
      <summary>{t('common:worksheet.open')}</summary>
      <p className="hint">
        {t('common:worksheet.tariff', {
          id: tarif.id,
          version: tarif.version,
          gueltigAb: formatGermanDate(tarif.gueltigAb),
          stichtag: formatGermanDate(value.stichtag),
          waehrung: tarif.waehrung,
        })}
      </p>
      <table>
        <caption>{t('common:worksheet.inputs')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('common:worksheet.input')}</th>
            <th scope="col">{t('common:worksheet.value')}</th>
          </tr>
        </thead>
        <tbody>
          {value.eingaben.map((input) => (
            <tr key={input.name}>
              <th scope="row">{input.bezeichnung}</th>
              <td>{valueText(input.wert, context)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>{t('common:worksheet.steps')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('common:worksheet.step')}</th>
            <th scope="col">{t('common:worksheet.used')}</th>
            <th scope="col">{t('common:worksheet.result')}</th>
          </tr>
        </thead>
        <tbody>
          {value.schritte.map((step) => (
            <tr key={step.id}>
              <th scope="row">{step.bezeichnung}</th>
              <td>{usedText(step, context)}</td>
              <td>
                {step.ergebnis === undefined ? '–' : figureText(step.ergebnis, context.locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
