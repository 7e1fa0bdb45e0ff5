import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { computeValue } from '#engine';
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
  const state = useAtomValue(controller.atoms.state, { store: controller.store });
  const scope = {
    data: state.formData,
    context: controller.setup.context,
    result: state.applicationResult,
  };
  const values = Object.fromEntries(
    Object.entries(page.values ?? {}).map(([name, rule]) => [name, computeValue(rule, scope)]),
  );
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
      <p>{t(page.textKey, values)}</p>
      {page.actions?.length ? (
        <div className="wizard-actions">
          {page.actions.map((action) => {
            const goTo = action.goTo;
            return goTo !== undefined ? (
              <button
                key={goTo}
                type="button"
                className="button"
                onClick={() => controller.goTo(goTo)}
              >
                {t(action.labelKey)}
              </button>
            ) : (
              <a key={action.href} className="button" href={action.href}>
                {t(action.labelKey)}
              </a>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
