import { useEffect, useRef } from 'react';
import type { WizardDefinition } from '#engine';
import type { WizardController } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';

type Page = NonNullable<WizardDefinition['pages']>[number];

/** A page outside the steps (error, not supported, confirmation): heading, text, buttons back in. */
export function PageView({
  controller,
  page,
  context,
  flowTitle,
}: {
  controller: WizardController;
  page: Page;
  context: RendererFormContext;
  flowTitle: string;
}) {
  const { t } = context;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = t(page.titleKey);
  useEffect(() => {
    headingRef.current?.focus();
    document.title = `${title} – ${flowTitle}`;
  }, [title, flowTitle]);
  return (
    <section className={`wizard-page wizard-page--${page.kind}`}>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(page.textKey)}</p>
      {page.actions?.length ? (
        <div className="wizard-actions">
          {page.actions.map((action) => (
            <button
              key={action.goTo}
              type="button"
              className="button"
              onClick={() => controller.goTo(action.goTo)}
            >
              {t(action.labelKey)}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
