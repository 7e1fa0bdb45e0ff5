import type { ErrorObject } from 'ajv';

/** i18next namespace and prefix of the shared default validation messages. */
export const DEFAULT_MESSAGE_PREFIX = 'common:validation';

/** Default field error text (spec section 8), for when no message key resolves. */
export const DEFAULT_FIELD_ERROR = 'Leider ist ein Fehler aufgetreten.';

/**
 * German default texts of the shared messages, by message name: the content of the
 * `common:validation` bundle. Steps may override any of them under `<stepPrefix>.<field>.<name>`.
 */
export const defaultValidationMessages: Readonly<Record<string, string>> = {
  required: 'Bitte füllen Sie dieses Feld aus.',
  trimmedRequired: 'Bitte füllen Sie dieses Feld aus.',
  iban: 'Bitte geben Sie eine gültige IBAN ein.',
  'iban-de': 'Bitte geben Sie eine gültige deutsche IBAN ein.',
  bic: 'Bitte geben Sie eine gültige BIC ein (8 oder 11 Zeichen).',
  phone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
  'phone-mobile': 'Bitte geben Sie eine gültige Mobilfunknummer ein.',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  date: 'Bitte geben Sie ein gültiges Datum ein.',
  'date-time': 'Bitte geben Sie ein gültiges Datum mit Uhrzeit ein.',
  uri: 'Bitte geben Sie eine gültige Internetadresse ein.',
  dateWithinDays: 'Bitte wählen Sie ein Datum im erlaubten Zeitraum.',
  maxAge: 'Das angegebene Alter überschreitet die Altersgrenze.',
  foundingYear: 'Das Gründungsdatum darf nicht vor dem 01.01.2019 liegen.',
  'fileUpload.invalid': 'Die Dateien konnten nicht gelesen werden.',
  'fileUpload.count': 'Sie haben zu viele Dateien ausgewählt.',
  'fileUpload.type': 'Dieser Dateityp wird nicht unterstützt.',
  'fileUpload.size': 'Die Datei ist zu groß.',
};

/**
 * The message name of an ajv error: the format's name for `format` errors ("iban"),
 * `fileUpload.<reason>` for `fileUpload` errors, otherwise the keyword ("required", "maxAge").
 */
export function validationMessageName(error: ErrorObject): string {
  if (error.keyword === 'format') return String(error.params['format']);
  if (error.keyword === 'fileUpload') return `fileUpload.${String(error.params['reason'])}`;
  return error.keyword;
}

/**
 * The field an ajv error belongs to, as a dotted path: the missing property for `required`,
 * otherwise the instance path ("/address/zip" -> "address.zip").
 */
export function validationFieldPath(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params['missingProperty']));
  return segments.join('.');
}

/**
 * The translation keys to try for an error, most specific first: the step's own
 * `<stepPrefix>.<field>.<name>`, then the shared `common:validation.<name>`.
 */
export function messageKeyCandidates(error: ErrorObject, stepPrefix: string): [string, string] {
  const name = validationMessageName(error);
  return [`${stepPrefix}.${validationFieldPath(error)}.${name}`, `${DEFAULT_MESSAGE_PREFIX}.${name}`];
}
