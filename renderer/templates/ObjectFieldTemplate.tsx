import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { formContextOf } from '../formContext.ts';

/**
 * A nested object (an address, a person): a fieldset whose legend is the field's label, with its
 * properties in order; a list item only its properties. The step's top level is rendered field by
 * field and never comes here.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, registry, fieldPathId, title, required } = props;
  const context = formContextOf(registry);
  const fields = properties.map((property) => (
    <div key={property.name} hidden={property.hidden}>
      {property.content}
    </div>
  ));
  // An item of a list: its ArrayFieldItemTemplate draws the group with the item's heading.
  if (typeof fieldPathId.path[fieldPathId.path.length - 1] === 'number') return <>{fields}</>;
  return (
    <fieldset className="field field__object" id={fieldPathId.$id}>
      <legend className="field__label">
        {title}
        {required ? null : context.t('common:field.optionalSuffix')}
      </legend>
      {fields}
    </fieldset>
  );
}
