import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';

/** What the help dialog shows, and the button it belongs to. */
export interface HelpDialogContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's id, named by the button's aria-controls. */
  id: string;
  /** Focus returns here when the dialog closes (the help button). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  headline: string;
  text: string;
  closeLabel: string;
}

/**
 * The radix side dialog of a help button, in its own chunk: loaded on the first press of a help
 * button, so a step with no help pressed never downloads radix.
 */
export function HelpDialogContent({
  open,
  onOpenChange,
  id,
  returnFocusTo,
  headline,
  text,
  closeLabel,
}: HelpDialogContentProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="help-overlay" />
        <Dialog.Content
          className="help-dialog"
          id={id}
          // radix returns focus to its own Trigger; the button here is ours, so focus it instead.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title className="help-dialog__title">{headline}</Dialog.Title>
          <Dialog.Description className="help-dialog__text">{text}</Dialog.Description>
          <Dialog.Close className="button button--secondary">{closeLabel}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
