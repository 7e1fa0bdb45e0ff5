import { useAtomValue } from 'jotai';
import { lightFormat } from 'date-fns';
import type { WizardController } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';
import { InfoBox } from './templates/InfoBox.tsx';

/** The secondary button "Als Entwurf speichern" (definition `draft`); it does not validate. */
export function DraftButton({
  controller,
  context,
}: {
  controller: WizardController;
  context: RendererFormContext;
}) {
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => void controller.saveDraft()}
    >
      {context.t(controller.drafts.labelKey)}
    </button>
  );
}

/**
 * Where the result of a draft save shows: a polite live region that is always there (so what
 * appears in it is announced), with a positive box "Entwurf gespeichert" and the time, or an
 * error box. Focus stays where it is.
 */
export function DraftNotice({
  controller,
  context,
}: {
  controller: WizardController;
  context: RendererFormContext;
}) {
  const { t } = context;
  const notice = useAtomValue(controller.atoms.draft, { store: controller.store });
  return (
    <div className="draft-status" role="status">
      {notice?.status === 'saving' ? <p className="hint">{t('common:draft.saving')}</p> : null}
      {notice?.status === 'saved' ? (
        <InfoBox tone="positive" headline={t(controller.drafts.savedKeys.headline)} live={false}>
          {t(controller.drafts.savedKeys.text, { time: lightFormat(notice.at, 'HH:mm') })}
        </InfoBox>
      ) : null}
      {notice?.status === 'failed' ? (
        <InfoBox tone="error" headline={t('common:draft.failedHeadline')} live={false}>
          {t('common:draft.failed')}
        </InfoBox>
      ) : null}
    </div>
  );
}
