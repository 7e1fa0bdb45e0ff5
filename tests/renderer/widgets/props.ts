// The package index also loads getTestRegistry, which needs the uninstalled @rjsf/validator-ajv8.
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { createSchemaUtils } from '@rjsf/utils';
import type { Registry, ValidatorType, WidgetProps } from '@rjsf/utils';
import { vi } from 'vitest';
import type { RendererFormContext } from '../../../renderer/formContext.ts';

/** German texts the widgets use: existing `common` keys plus the ones the widgets add. */
export const texts: Readonly<Record<string, string>> = {
  'common:validation.fileUpload.invalid': 'Die Dateien konnten nicht gelesen werden.',
  'common:validation.fileUpload.count': 'Sie haben zu viele Dateien ausgewählt.',
  'common:validation.fileUpload.type': 'Dieser Dateityp wird nicht unterstützt.',
  'common:validation.fileUpload.size': 'Die Datei ist zu groß.',
  'common:field.optionalSuffix': ' (optional)',
  'common:widgets.select.placeholder': 'Bitte auswählen',
  'common:widgets.date.placeholder': 'TT.MM.JJJJ',
  'common:widgets.file.drop': 'Sie können Dateien auch hierher ziehen.',
  'common:widgets.file.unavailable':
    'Das Hochladen von Dateien ist gerade nicht möglich. Bitte versuchen Sie es später erneut.',
  'common:widgets.file.progress': '{{name}} wird hochgeladen',
  'common:widgets.file.uploaded': '{{name}} wurde hochgeladen.',
  'common:widgets.file.failed':
    '{{name}} konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
  'common:widgets.file.list': 'Hochgeladene Dateien',
  'common:widgets.file.remove': 'Entfernen',
  'common:widgets.file.removeNamed': '{{name}} entfernen',
  'common:widgets.file.removed': '{{name}} wurde entfernt.',
  'claim.kind.options.glass': 'Glasbruch',
};

/** A translator over {@link texts}: unknown keys come back as the key, as i18next does. */
export function translate(key: string, values: Record<string, unknown> = {}): string {
  const text = texts[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A renderer form context for tests; the upload service and limits can be replaced. */
export function formContext(overrides: Partial<RendererFormContext> = {}): RendererFormContext {
  return {
    t: translate,
    exists: (key) => key in texts,
    i18nPrefix: 'claim',
    locale: 'de',
    fileLimits: { maxSizeBytes: 1_000_000, maxCount: 3 },
    ...overrides,
  };
}

// Widgets never validate; rjsf only needs the shape.
const validator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

/** rjsf's default registry with the given form context, as the Wizard's shared registry would be. */
export function registry(context: RendererFormContext = formContext()): Registry {
  return {
    ...getDefaultRegistry(),
    schemaUtils: createSchemaUtils(validator, {}),
    formContext: context,
  };
}

/** Props as rjsf's SchemaField passes them to a widget, for the field `root_field`. */
export function widgetProps(overrides: Partial<WidgetProps> = {}): WidgetProps {
  return {
    id: 'root_field',
    name: 'field',
    label: 'Feld',
    value: undefined,
    schema: { type: 'string' },
    uiSchema: {},
    options: {},
    required: false,
    disabled: false,
    readonly: false,
    autofocus: false,
    rawErrors: [],
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    registry: registry(),
    ...overrides,
  };
}
