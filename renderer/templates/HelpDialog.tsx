import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { RendererFormContext } from '../formContext.ts';

const HelpDialogContent = lazy(() =>
  import('./HelpDialogContent.tsx').then((module) => ({ default: module.HelpDialogContent })),
);

/**
 * The help button of a field and its side dialog (headline default "Hinweis"). The button is plain
 * HTML with the attributes radix's Dialog.Trigger gives; the dialog itself (radix) is loaded on
 * the first press and then opened, with focus moved into it and back to the button on close.
 */
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
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so the loaded dialog stays in the tree and can close cleanly.
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const headline = context.exists(headlineKey)
    ? context.t(headlineKey)
    : context.t('common:help.defaultHeadline');
  const title = context.t('common:help.buttonTitle', { label });
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="help-button"
        title={title}
        aria-label={title}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setRequested(true);
          setOpen((wasOpen) => !wasOpen);
        }}
      >
        <span aria-hidden="true">?</span>
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <HelpDialogContent
            open={open}
            onOpenChange={setOpen}
            id={dialogId}
            returnFocusTo={buttonRef}
            headline={headline}
            text={context.t(textKey)}
            closeLabel={context.t('common:help.close')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
