import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useTranslation } from 'react-i18next';
import type { ValidateFunction } from 'ajv';
import type { WizardSetup } from '#engine';
import {
  WizardController,
  type DeferredValidators,
  type WizardServices,
} from './store/controller.ts';
import type { RendererFormContext, UploadFile } from './formContext.ts';
import { StepView } from './StepView.tsx';
import { PageView } from './PageView.tsx';

/** What a wizard needs: the flow, its validators, the app's services and where the URL points. */
export interface WizardProps {
  setup: WizardSetup;
  /** Precompiled validators of the flow's steps, by step id (generated/validators). */
  validators: Readonly<Record<string, ValidateFunction>>;
  /**
   * Validators of steps that load when the user reaches the first of them (steps with telephone
   * fields); such a step shows once they are there.
   */
  deferredValidators?: DeferredValidators;
  services: WizardServices;
  /** The URL segment after the base route: a step or page id, or nothing. */
  segment: string | undefined;
  upload?: UploadFile;
  fileLimits: { maxSizeBytes: number; maxCount: number };
  /** Resolves a content image's `src` (see RendererFormContext.imageSrc). */
  imageSrc?: (src: string) => string;
  /**
   * Prefillable values the flow was opened with (definition `prefill.fields`, by name); read when
   * the controller is created and applied to a fresh start only.
   */
  prefill?: Readonly<Record<string, unknown>>;
  /**
   * Context entries that may change while the flow runs (the feature flags, which arrive after
   * the first render): a change applies to the running flow, its rules see the new values and
   * its answers stay.
   */
  liveContext?: Readonly<Record<string, unknown>>;
  /** The last part of every document title the wizard sets, after the flow (the brand's name). */
  titleSuffix?: string;
}

/**
 * Creates the controller of a flow once per flow and context. The services may change identity
 * on every render (a router's navigate does): the controller always calls the latest ones.
 */
export function useWizardController(
  props: Pick<WizardProps, 'setup' | 'validators' | 'deferredValidators' | 'services' | 'prefill'>,
): WizardController {
  const { setup, validators, deferredValidators, services, prefill } = props;
  const latest = useRef(services);
  useLayoutEffect(() => {
    latest.current = services;
  });
  return useMemo(() => {
    const stable: WizardServices = {
      transport: (request) => latest.current.transport(request),
      navigate: (segment, options) => latest.current.navigate(segment, options),
      forward: (url) => latest.current.forward(url),
      leave: (path, state) => {
        const { leave, forward } = latest.current;
        if (!leave) forward(path);
        else if (state) leave(path, state);
        else leave(path);
      },
      notifyParent: (command, args) => latest.current.notifyParent?.(command, args),
      report: (info) => latest.current.report(info),
      currentSegment: () => latest.current.currentSegment?.(),
      download: (request) =>
        latest.current.download?.(request) ?? Promise.resolve({ ok: false, status: 0, body: null }),
      ...(services.storage ? { storage: services.storage } : {}),
      ...(services.reload
        ? { reload: (step: string) => latest.current.reload?.(step) ?? undefined }
        : {}),
    };
    return new WizardController(setup, validators, stable, prefill, deferredValidators);
    // The services are read through `latest`; only the flow and its validators make a new
    // controller (prefill counts only for the start).
  }, [setup, validators, deferredValidators]);
}

/**
 * Renders a flow from its definition: the current step (or a page), with the engine's state in
 * jotai atoms. The flow's texts come from its i18next namespace; nothing here knows a step name.
 */
export function Wizard(props: WizardProps) {
  const { setup, segment, upload, fileLimits, imageSrc, liveContext, titleSuffix } = props;
  const { definition } = setup;
  const { t, i18n } = useTranslation([definition.i18nNamespace, 'common']);
  const controller = useWizardController(props);
  useEffect(() => {
    if (liveContext) controller.updateContext(liveContext);
  }, [controller, liveContext]);
  useEffect(() => controller.openSegment(segment), [controller, segment]);
  // The live price runs while the wizard is shown (asked once now, then as the answers change).
  useEffect(() => controller.startQuote(), [controller]);
  useEffect(() => {
    // Typing saves after a pause; hiding or leaving the page saves at once.
    const flush = (): void => controller.flush();
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [controller]);
  const currentAtom = useMemo(
    () => selectAtom(controller.atoms.state, (s) => s.currentStep),
    [controller],
  );
  const current = useAtomValue(currentAtom, { store: controller.store });
  const pageId = useAtomValue(controller.atoms.page, { store: controller.store });
  const waiting = useAtomValue(controller.waiting, { store: controller.store });
  const waitingFailed = useAtomValue(controller.waitingFailed, { store: controller.store });
  // What every title of the flow ends with: "<step> – <flow> – <brand>".
  const flowTitle = [t(definition.titleKey), titleSuffix].filter(Boolean).join(' – ');

  const step = definition.steps.find((s) => s.id === current);
  const stepId = step?.id;
  const context: RendererFormContext = useMemo(
    () => ({
      t: (key, values) => t(key, values),
      exists: (key, values) =>
        i18n.exists(key, {
          ns: definition.i18nNamespace,
          // A text with plural forms (`<key>_one`, `<key>_other`) exists for a count.
          ...(typeof values?.['count'] === 'number' ? { count: values['count'] } : {}),
        }),
      i18nPrefix: step?.i18nPrefix ?? '',
      locale: i18n.language,
      lookup: (endpoint, query) =>
        stepId === undefined ? Promise.resolve([]) : controller.lookup(stepId, endpoint, query),
      ...(upload ? { upload } : {}),
      ...(imageSrc ? { imageSrc } : {}),
      fileLimits,
      texts: {
        optionalSuffix: t('common:field.optionalSuffix'),
        errorPrefix: t('common:errors.inlinePrefix'),
      },
    }),
    [
      t,
      i18n,
      i18n.language,
      definition.i18nNamespace,
      step?.i18nPrefix,
      stepId,
      controller,
      upload,
      fileLimits,
      imageSrc,
    ],
  );

  // The step's validators (telephone formats) are still loading: it shows once it can be checked.
  if (waiting && waitingFailed)
    return (
      <div role="alert" className="wizard-unavailable">
        <p>{t('common:wizard.stepUnavailable')}</p>
        <button type="button" className="button" onClick={() => controller.retryStep()}>
          {t('common:wizard.retry')}
        </button>
      </div>
    );
  if (waiting) return <p aria-live="polite">{t('common:app.loading')}</p>;
  const page = pageId ? definition.pages?.find((p) => p.id === pageId) : undefined;
  if (page)
    return (
      <PageView
        key={page.id}
        controller={controller}
        page={page}
        context={context}
        flowTitle={flowTitle}
      />
    );
  if (!step) return null;
  return (
    <StepView
      key={step.id}
      controller={controller}
      step={step}
      context={context}
      flowTitle={flowTitle}
    />
  );
}
