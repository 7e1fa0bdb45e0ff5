import { useContext } from 'react';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { formContextOf } from '../formContext.ts';
import type { FieldRegistry } from '../fieldShapes.ts';
import { ItemRulesContext } from './itemRules.ts';

/** Of rjsf's object template props, what this template reads (a plain list item passes these). */
export type ObjectFieldTemplateInput = Pick<
  ObjectFieldTemplateProps,
  'properties' | 'fieldPathId' | 'title' | 'required' | 'formData'
> & { registry: FieldRegistry };

/**
 * A nested object (an address, a person): a fieldset whose legend is the field's label, with its
 * properties in order; a list item only its properties, without those its item rules make
 * irrelevant now. The step's top level is rendered field by field and never comes here.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateInput) {
  const { properties, registry, fieldPathId, title, required, formData } = props;
  const context = formContextOf(registry);
  const hiddenItemFields = useContext(ItemRulesContext);
  const { path } = fieldPathId;
  const item = typeof path[path.length - 1] === 'number';
  // Rules hide fields of the items of a step's own lists (path: list, index).
  const hidden =
    item && path.length === 2 && typeof path[0] === 'string'
      ? hiddenItemFields(path[0], formData)
      : [];
  const fields = properties
    .filter((property) => !hidden.includes(property.name))
    .map((property) => (
      <div key={property.name} hidden={property.hidden}>
        {property.content}
      </div>
    ));
  // An item of a list: its ArrayFieldItemTemplate draws the group with the item's heading.
  if (item) return <>{fields}</>;
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
