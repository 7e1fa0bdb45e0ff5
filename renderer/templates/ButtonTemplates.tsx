import type { IconButtonProps } from '@rjsf/utils';
import { formContextOf } from '../formContext.ts';
import type { FieldRegistry } from '../fieldShapes.ts';

/** rjsf's button props, of the registry only the form context (lists render without rjsf too). */
export type ButtonProps = Omit<IconButtonProps, 'registry'> & { registry: FieldRegistry };

function TextButton(props: ButtonProps & { fallback: string }) {
  const { id, className, onClick, disabled, children, fallback } = props;
  return (
    <button
      type="button"
      id={id}
      className={`button button--secondary ${className ?? ''}`.trim()}
      onClick={onClick}
      // Pressing keeps focus where it is, as "Weiter" does: leaving an empty field would show its
      // error first, move the button away under the pointer and lose the press.
      onMouseDown={(event) => event.preventDefault()}
      disabled={disabled}
    >
      {children ?? fallback}
    </button>
  );
}

/** rjsf's add button with a German text: the list template passes its own, else "Eintrag hinzufügen". */
export function AddButton(props: ButtonProps) {
  const { t } = formContextOf(props.registry);
  return <TextButton {...props} fallback={t('common:list.add')} />;
}

/** rjsf's remove button with a German text: the item template passes its own, else "Eintrag entfernen". */
export function RemoveButton(props: ButtonProps) {
  const { t } = formContextOf(props.registry);
  const item = t('common:list.item', { nummer: '' }).trim();
  return <TextButton {...props} fallback={t('common:list.remove', { item })} />;
}

/** No button: lists keep their order and items are not copied, and rjsf's own forms are not used. */
export function NoButton() {
  return null;
}

/** The button templates of the registry: German add and remove, nothing for move, copy, clear and submit. */
export const buttonTemplates = {
  AddButton,
  RemoveButton,
  CopyButton: NoButton,
  MoveUpButton: NoButton,
  MoveDownButton: NoButton,
  ClearButton: NoButton,
  SubmitButton: NoButton,
};
