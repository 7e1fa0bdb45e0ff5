import { descriptionId, helpId, type FieldTemplateProps } from '@rjsf/utils';
import type { FieldRegistry } from '../fieldShapes.ts';
import { isListField } from '#engine';
import { answerText } from '#engine';
import { formContextOf } from '../formContext.ts';
import { FieldError } from './FieldError.tsx';
import { HelpDialog } from './HelpDialog.tsx';
import { describedByIds } from '../widgets/controlAttributes.ts';
import { textPathOf } from './listTexts.ts';

const GROUP_WIDGETS = new Set(['radio', 'checkboxes']);

/** Of rjsf's template props, what this template reads (a plain field passes only these). */
export type FieldTemplateInput = Pick<
  FieldTemplateProps,
  | 'id'
  | 'children'
  | 'rawErrors'
  | 'required'
  | 'hidden'
  | 'fieldPathId'
  | 'uiSchema'
  | 'schema'
  | 'label'
  | 'displayLabel'
  | 'readonly'
  | 'formData'
> & { registry: FieldRegistry };

/**
 * One field: its label from i18n (with " (optional)" when not required), a help button when the
 * definition asks for one, a hint, the error text above the control, and the control. Radio and
 * checkbox groups get a fieldset with a legend; a single box has its label beside it (the widget
 * draws it) and its help button after that. A nested object or a list renders only its
 * children (its ObjectFieldTemplate or ArrayFieldTemplate draws the fieldset). A read-only field
 * (`"readOnly": true`) shows its label and its answer as people read it (an option's label) in an
 * `<output>` named by the label, with no control to edit. Texts inside list items are keyed
 * without the index (`<prefix>.<list>.<field>.help`).
 */
export function FieldTemplate(props: FieldTemplateInput) {
  const {
    id,
    children,
    rawErrors,
    required,
    hidden,
    fieldPathId,
    uiSchema,
    registry,
    schema,
    label,
    displayLabel,
    readonly,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  // A nested object draws its fieldset in ObjectFieldTemplate, a list in ArrayFieldTemplate.
  if (schema.type === 'object' || isListField(schema, uiSchema)) return children;
  const context = formContextOf(registry);
  const path = textPathOf(fieldPathId.path);
  const base = `${context.i18nPrefix}.${path}`;
  if (readonly) {
    const texts = {
      t: context.t,
      exists: context.exists,
      prefix: context.i18nPrefix,
      locale: context.locale,
    };
    return (
      <div className="field field--readonly">
        <span id={`${id}__label`} className="field__label">
          {label}
        </span>
        <output id={id} className="field__value" aria-labelledby={`${id}__label`}>
          {answerText(props.formData, schema, uiSchema, path, texts)}
        </output>
      </div>
    );
  }
  const widget = typeof uiSchema?.['ui:widget'] === 'string' ? uiSchema['ui:widget'] : undefined;
  const error = rawErrors?.[0];
  const hasError = error !== undefined;
  const hintText = (uiSchema?.['ui:options'] as Record<string, unknown> | undefined)?.['hintText'];
  const hint = typeof hintText === 'string' ? hintText : undefined;
  const labelText = (
    <>
      {label}
      {required
        ? null
        : (context.texts?.optionalSuffix ?? context.t('common:field.optionalSuffix'))}
    </>
  );
  const options = uiSchema?.['ui:options'] as Record<string, unknown> | undefined;
  const hasHelp = (uiSchema as Record<string, unknown> | undefined)?.['ui:help'] === true;
  // The help button sits beside the label (outside a group's legend, so the group's name is the
  // label alone); its text is also in the page, hidden, for the control's description.
  const help = hasHelp ? (
    <>
      <HelpDialog
        context={context}
        label={label}
        textKey={`${base}.help`}
        headlineKey={`${base}.helpHeadline`}
      />
      <span id={helpId(id)} hidden>
        {context.t(`${base}.help`)}
      </span>
    </>
  ) : null;
  const describedBy = describedByIds(id, options, uiSchema as Record<string, unknown> | undefined);
  const messages = (
    <>
      {hint ? (
        <p id={descriptionId(id)} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} context={context} />
    </>
  );
  const className = `field${hasError ? ' field--error' : ''}`;
  // A single box (a yes/no field with the checkbox widget, rjsf's default for one) carries its
  // label beside it: the field draws none, so a consent's text shows once; its help follows it.
  if (schema.type === 'boolean' && (widget === undefined || widget === 'checkbox')) {
    return (
      <div className={className}>
        {messages}
        <div className="field__box-row">
          {children}
          {help}
        </div>
      </div>
    );
  }
  if (widget && GROUP_WIDGETS.has(widget)) {
    return (
      <div className={className}>
        <fieldset className="field__group" aria-describedby={describedBy}>
          <legend className="field__label">{labelText}</legend>
          {help}
          {messages}
          {children}
        </fieldset>
      </div>
    );
  }
  return (
    <div className={className}>
      {displayLabel === false ? null : (
        <div className="field__label-row">
          <label className="field__label" htmlFor={id}>
            {labelText}
          </label>
          {help}
        </div>
      )}
      {messages}
      {children}
    </div>
  );
}
