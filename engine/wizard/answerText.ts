import {
  formatGermanDate,
  formatNumber,
  formatPhone,
  groupIban,
  numberSigns,
} from '../format/index.ts';
import { isListField, listTextKeys } from './lists.ts';
import { firstText } from './problemMessage.ts';

type Node = Record<string, unknown>;

/**
 * What turns an answer into text: the flow's translator and the step's text prefix (the browser
 * passes i18next, the server a lookup over the German bundles).
 */
export interface AnswerTexts {
  t: (key: string, values?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  /** The step's i18n prefix (`<prefix>.<field>.options.<value>`). */
  prefix: string;
  /** The locale numbers are written in: the brand market's (de: 1.234,50; de-CH: 1'234.50). */
  locale: string;
}

/**
 * One line of a summary: a field's label and its answer as text, or nested lines (an object), or
 * the items of a list, each under its heading with its fields.
 */
export interface AnswerLine {
  name: string;
  label: string;
  text?: string;
  lines?: AnswerLine[];
  items?: { heading: string; lines: AnswerLine[] }[];
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An answer as people read it: an option by its text (`<prefix>.<path>.options.<value>`),
 * booleans "Ja"/"Nein", ISO dates as dd.MM.yyyy, numbers of a number widget in the money mask
 * of the locale (1.234,50), an IBAN in blocks of four, lists joined by commas, a file by its name; anything
 * else as stored (a phone number in its E.164 form).
 */
export function answerText(
  value: unknown,
  schema: unknown,
  uiSchema: unknown,
  path: string,
  texts: AnswerTexts,
): string {
  const own = isNode(schema) ? schema : {};
  const ui = isNode(uiSchema) ? uiSchema : {};
  const widget = ui['ui:widget'];
  if (Array.isArray(value)) {
    return value
      .map((item) => answerText(item, own['items'], ui['items'], path, texts))
      .filter((text) => text !== '')
      .join(', ');
  }
  if (isNode(value)) {
    if (typeof value['name'] === 'string') return value['name'];
    return Object.values(value)
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .join(' ');
  }
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const optionKey = `${texts.prefix}.${path}.options.${String(value)}`;
    if (texts.exists(optionKey)) return texts.t(optionKey);
  }
  if (typeof value === 'boolean')
    return texts.t(value ? 'common:summary.yes' : 'common:summary.no');
  if (typeof value === 'number') {
    if (widget === 'number')
      return formatNumber(value, texts.locale, own['type'] === 'integer' ? 0 : undefined);
    return Number.isInteger(value)
      ? String(value)
      : String(value).replace('.', numberSigns(texts.locale).decimal);
  }
  if (typeof value !== 'string') return String(value);
  const format = own['format'];
  if (widget === 'date' || format === 'date') return formatGermanDate(value);
  if (widget === 'iban' || format === 'iban' || format === 'iban-de') return groupIban(value);
  if (widget === 'phone' || (typeof format === 'string' && format.startsWith('phone')))
    return formatPhone(value);
  return value;
}

/**
 * The summary line of a field: its label from the translated uiSchema (`ui:title`, as the field
 * shows it) and its answer; a nested object lists each answered property on its own line, a list
 * each item under its heading ("Person 2") with its answered fields.
 */
export function answerLine(
  name: string,
  path: string,
  value: unknown,
  schema: unknown,
  translatedUi: unknown,
  texts: AnswerTexts,
): AnswerLine {
  const ui = isNode(translatedUi) ? translatedUi : {};
  const title = ui['ui:title'];
  const label = typeof title === 'string' ? title : texts.t(`${texts.prefix}.${path}.label`);
  if (Array.isArray(value) && isListField(schema, ui)) {
    const items = isNode(schema) ? schema['items'] : undefined;
    const lookup = (key: string, values?: Record<string, unknown>): string | undefined =>
      texts.exists(key) ? texts.t(key, values) : undefined;
    const keys = listTextKeys(texts.prefix, path, 'item');
    return {
      name,
      label,
      items: value.map((item, index) => ({
        heading: firstText(keys, lookup, { nummer: index + 1 }) ?? String(index + 1),
        lines: propertyLines(item, items, ui['items'], path, texts),
      })),
    };
  }
  const properties = isNode(schema) && isNode(schema['properties']) ? schema['properties'] : {};
  if (isNode(value) && Object.keys(properties).length > 0)
    return { name, label, lines: propertyLines(value, schema, ui, path, texts) };
  return { name, label, text: answerText(value, schema, ui, path, texts) };
}

/** The lines of an object's answered properties, each with its own label. */
function propertyLines(
  value: unknown,
  schema: unknown,
  translatedUi: unknown,
  path: string,
  texts: AnswerTexts,
): AnswerLine[] {
  const properties = isNode(schema) && isNode(schema['properties']) ? schema['properties'] : {};
  const ui = isNode(translatedUi) ? translatedUi : {};
  if (!isNode(value)) return [];
  const lines: AnswerLine[] = [];
  for (const [child, childSchema] of Object.entries(properties)) {
    const childValue = value[child];
    if (childValue === undefined || childValue === null || childValue === '') continue;
    lines.push(answerLine(child, `${path}.${child}`, childValue, childSchema, ui[child], texts));
  }
  return lines;
}
