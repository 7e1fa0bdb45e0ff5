import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { computeValue } from '#engine';
import type { WizardDefinition } from '#engine';
import type { WizardController } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';
import { ContentBlocks } from './ContentBlocks.tsx';
import { setDocumentTitle } from './documentTitle.ts';

type Page = NonNullable<WizardDefinition['pages']>[number];

/**
 * A page button's path with its `{name}` placeholders filled from the route parameters
 * (context.route), each URL-encoded; an unknown name becomes empty.
 */
export function fillRoute(href: string, route: unknown): string {
  const params =
    typeof route === 'object' && route !== null ? (route as Record<string, unknown>) : {};
  return href.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    return encodeURIComponent(
      typeof value === 'string' || typeof value === 'number' ? String(value) : '',
    );
  });
}

/** A plain left click, which the wizard turns into an in-app navigation. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A page outside the steps (error, not supported, confirmation): heading, text, its content blocks
 * (rules may read result.*), buttons back in.
 */
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
    setDocumentTitle([title, flowTitle]);
  }, [title, flowTitle]);
  return (
    <section className={`wizard-page wizard-page--${page.kind}`}>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(page.textKey, values)}</p>
      {page.content?.length ? (
        <ContentBlocks blocks={page.content} scope={scope} context={context} />
      ) : null}
      {page.actions?.length ? (
        <div className="wizard-actions">
          {page.actions.map((action) => {
            const goTo = action.goTo;
            return goTo !== undefined ? (
              <button
                key={goTo}
                type="button"
                className="button"
                onClick={() => (action.reload ? controller.reload(goTo) : controller.goTo(goTo))}
              >
                {t(action.labelKey)}
              </button>
            ) : (
              <PageLink
                key={action.href}
                controller={controller}
                href={fillRoute(action.href ?? '', controller.setup.context['route'])}
              >
                {t(action.labelKey)}
              </PageLink>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}

/**
 * A link to another page of the platform: a real link (new tab, copy address), while a plain
 * click saves the answers and navigates within the app.
 */
function PageLink({
  controller,
  href,
  children,
}: {
  controller: WizardController;
  href: string;
  children: ReactNode;
}) {
  return (
    <a
      className="button"
      href={href}
      onClick={(event) => {
        if (!isPlainClick(event) || !href.startsWith('/') || href.startsWith('//')) return;
        event.preventDefault();
        controller.leave(href);
      }}
    >
      {children}
    </a>
  );
}
