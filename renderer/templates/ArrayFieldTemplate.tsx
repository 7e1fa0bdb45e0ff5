import { useEffect, useMemo, useRef, useState } from 'react';
import {
  buttonId,
  errorId,
  getUiOptions,
  toFieldPathId,
  type ArrayFieldTemplateProps,
} from '@rjsf/utils';
import { formContextOf } from '../formContext.ts';
import type { FieldRegistry } from '../fieldShapes.ts';
import { AddButton } from './ButtonTemplates.tsx';
import { FieldError } from './FieldError.tsx';
import { itemHeading, listText, ListContext, textPathOf, type ListActions } from './listTexts.ts';

const FOCUSABLE = 'input, select, textarea, button';

/** What the list does once its items changed: focus the added item, or after a removal a neighbour. */
type Pending = { kind: 'add'; index: number } | { kind: 'remove'; index: number };

/** Of rjsf's list template props, what this template reads (a plain list passes only these). */
export type ArrayFieldTemplateInput = Pick<
  ArrayFieldTemplateProps,
  | 'items'
  | 'canAdd'
  | 'onAddClick'
  | 'fieldPathId'
  | 'uiSchema'
  | 'title'
  | 'required'
  | 'rawErrors'
  | 'disabled'
  | 'readonly'
> & { registry: FieldRegistry };

/**
 * A list (an array of objects): a fieldset with the list's label as legend, its count error, the
 * items (each a group with its heading and remove button, see ArrayFieldItemTemplate) and the add
 * button, all with German texts from the bundles (`<prefix>.<list>.add`, else `common:list.add`).
 * The add button is left out at the list's maximum; items cannot be reordered. After an add,
 * focus moves to the new item's first input; after a removal, to the previous item's heading (or
 * the first item's, or the add button), and a polite status says which item was removed.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateInput) {
  const { items, canAdd, onAddClick, fieldPathId, registry, uiSchema, title, required } = props;
  const context = formContextOf(registry);
  const list = textPathOf(fieldPathId.path);
  const options = getUiOptions(uiSchema);
  const label = typeof options.title === 'string' ? options.title : title;
  const min = typeof options['minItems'] === 'number' ? options['minItems'] : 0;
  const error = props.rawErrors?.[0];
  const count = items.length;
  const pending = useRef<Pending | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { globalFormOptions } = registry;
  const itemId = (index: number): string =>
    toFieldPathId(index, globalFormOptions, fieldPathId).$id;
  const addId = buttonId(fieldPathId, 'add');

  useEffect(() => {
    const action = pending.current;
    if (!action) return;
    pending.current = null;
    if (action.kind === 'add') {
      document.getElementById(itemId(action.index))?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      return;
    }
    const neighbour = count === 0 ? undefined : Math.max(0, Math.min(action.index - 1, count - 1));
    const target =
      neighbour === undefined
        ? document.getElementById(addId)
        : document.getElementById(`${itemId(neighbour)}__heading`);
    target?.focus();
    // itemId and addId follow fieldPathId, which is stable for the list.
  }, [count]);

  const actions: ListActions = useMemo(
    () => ({
      removing: (index) => {
        pending.current = { kind: 'remove', index };
        setAnnouncement(
          listText(context, list, 'removed', { item: itemHeading(context, list, index) }),
        );
      },
    }),
    [context, list],
  );

  return (
    <fieldset
      className={`field field__list${error ? ' field--error' : ''}`}
      id={fieldPathId.$id}
      aria-describedby={error ? errorId(fieldPathId.$id) : undefined}
    >
      <legend className="field__label">
        {label}
        {required || min > 0
          ? null
          : (context.texts?.optionalSuffix ?? context.t('common:field.optionalSuffix'))}
      </legend>
      <FieldError id={fieldPathId.$id} error={error} context={context} />
      <ListContext.Provider value={actions}>
        <div className="list__items">{items}</div>
      </ListContext.Provider>
      {canAdd ? (
        <AddButton
          id={addId}
          className="list__add"
          disabled={props.disabled || props.readonly}
          onClick={(event) => {
            pending.current = { kind: 'add', index: count };
            setAnnouncement('');
            onAddClick(event);
          }}
          uiSchema={uiSchema}
          registry={registry}
        >
          {listText(context, list, 'add')}
        </AddButton>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}
