import * as Dialog from '@radix-ui/react-dialog';
import type { RendererFormContext } from '../formContext.ts';

/** The help button of a field and its side dialog (headline default "Hinweis"). */
export function HelpDialog({
  context,
  label,
  textKey,
  headlineKey,
}: {
  context: RendererFormContext;
  label: string;
  textKey: string;
  headlineKey: string;
}) {
  const headline = context.exists(headlineKey)
    ? context.t(headlineKey)
    : context.t('common:help.defaultHeadline');
  const title = context.t('common:help.buttonTitle', { label });
  return (
    <Dialog.Root>
      <Dialog.Trigger className="help-button" title={title} aria-label={title}>
        <span aria-hidden="true">?</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="help-overlay" />
        <Dialog.Content className="help-dialog">
          <Dialog.Title className="help-dialog__title">{headline}</Dialog.Title>
          <Dialog.Description className="help-dialog__text">
            {context.t(textKey)}
          </Dialog.Description>
          <Dialog.Close className="button button--secondary">
            {context.t('common:help.close')}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
