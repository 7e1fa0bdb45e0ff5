import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { formContextOf } from '../formContext.ts';

/**
 * A nested object (an address, a person): a fieldset whose legend is the field's label, with its
 * properties in order. The step's top level is rendered field by field and never comes here.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, registry, fieldPathId, title, required } = props;
  const context = formContextOf(registry);
  return (
    <fieldset className="field field__object" id={fieldPathId.$id}>
      <legend className="field__label">
        {title}
        {required ? null : context.t('common:field.optionalSuffix')}
      </legend>
      {properties.map((property) => (
        <div key={property.name} hidden={property.hidden}>
          {property.content}
        </div>
      ))}
    </fieldset>
  );
}
