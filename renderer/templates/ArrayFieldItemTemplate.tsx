import { useContext } from 'react';
import {
  buttonId,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
} from '@rjsf/utils';
import { formContextOf } from '../formContext.ts';
import type { FieldRegistry } from '../fieldShapes.ts';
import { RemoveButton } from './ButtonTemplates.tsx';
import { itemHeading, listText, ListContext, textPathOf } from './listTexts.ts';

/** Of rjsf's item buttons props, what the buttons read. */
export type ItemButtonsInput = Pick<
  ArrayFieldItemButtonsTemplateProps,
  'hasRemove' | 'onRemoveItem' | 'fieldPathId' | 'index' | 'uiSchema' | 'disabled' | 'readonly'
> & { registry: FieldRegistry };

/** Of rjsf's item template props, what this template reads (a plain list passes only these). */
export type ArrayFieldItemTemplateInput = Pick<
  ArrayFieldItemTemplateProps,
  'children' | 'index'
> & {
  buttonsProps: ItemButtonsInput;
  registry: FieldRegistry;
};

/**
 * One item of a list: a group whose legend is its heading ("Person 2", `<prefix>.<list>.item`
 * with `{{nummer}}`, else `common:list.item`; focusable for the list's focus moves), its fields,
 * and its remove button.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateInput) {
  const { children, buttonsProps, index, registry } = props;
  const context = formContextOf(registry);
  const id = buttonsProps.fieldPathId.$id;
  const list = textPathOf(buttonsProps.fieldPathId.path);
  return (
    <fieldset className="list__item" id={id}>
      <legend className="list__legend">
        <h2 id={`${id}__heading`} className="list__heading" tabIndex={-1}>
          {itemHeading(context, list, index)}
        </h2>
      </legend>
      {children}
      <ArrayFieldItemButtonsTemplate {...buttonsProps} />
    </fieldset>
  );
}

/**
 * The buttons of a list item: only "Person 2 entfernen" (`<prefix>.<list>.remove` with
 * `{{nummer}}`, else `common:list.remove` with the heading), shown while the list is above its
 * minimum. Items are not moved or copied.
 */
export function ArrayFieldItemButtonsTemplate(props: ItemButtonsInput) {
  const { hasRemove, onRemoveItem, fieldPathId, index, registry, uiSchema } = props;
  const list = useContext(ListContext);
  if (!hasRemove) return null;
  const context = formContextOf(registry);
  const name = textPathOf(fieldPathId.path);
  return (
    <RemoveButton
      id={buttonId(fieldPathId, 'remove')}
      className="list__remove"
      disabled={props.disabled || props.readonly}
      onClick={(event) => {
        list?.removing(index);
        onRemoveItem(event);
      }}
      uiSchema={uiSchema}
      registry={registry}
    >
      {listText(context, name, 'remove', {
        nummer: index + 1,
        item: itemHeading(context, name, index),
      })}
    </RemoveButton>
  );
}
