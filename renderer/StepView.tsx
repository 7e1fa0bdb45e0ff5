import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { atom, useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { RJSFSchema } from '@rjsf/utils';
import {
  irrelevantItemFields,
  isListField,
  itemLimits,
  offeredOptions,
  dataOptions,
  quoteShownOn,
  requiredFields,
  ruleDependencies,
  type ContentBlock,
  type ItemLimits,
  type Step,
} from '#engine';
import type { WizardController } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';
import { setDocumentTitle } from './documentTitle.ts';
import { FORM_OPTIONS, needsNestedFields, type FieldRegistry } from './fieldShapes.ts';
import { nestedRegistryMaker } from './nestedFields.ts';
import { translatedUiSchema } from './i18nSchema.ts';
import { FieldSlot } from './FieldSlot.tsx';
import { problemFieldId, problemText } from './problemText.ts';
import { ContentBlocks } from './ContentBlocks.tsx';
import { ErrorSummary, type SummaryEntry } from './templates/ErrorSummary.tsx';
import { InfoBox } from './templates/InfoBox.tsx';
import { Summary } from './Summary.tsx';
import { QuoteBox } from './QuoteBox.tsx';
import { StepProgress } from './StepProgress.tsx';
import { DraftButton, DraftNotice } from './DraftSave.tsx';
import { ItemRulesContext } from './templates/itemRules.ts';
import { atomOfReads, fieldReads } from './store/reads.ts';

const EMPTY: readonly string[] = [];
const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function fieldOrder(schema: Record<string, unknown>, uiSchema: Record<string, unknown>): string[] {
  const names = Object.keys((schema['properties'] as Record<string, unknown> | undefined) ?? {});
  const order = uiSchema['ui:order'];
  if (!Array.isArray(order)) return names;
  const listed = order.filter((n): n is string => typeof n === 'string' && names.includes(n));
  const rest = names.filter((n) => !listed.includes(n));
  const star = order.indexOf('*');
  return star < 0
    ? [...listed, ...rest]
    : [...listed.slice(0, star), ...rest, ...listed.slice(star)];
}

/** A field whose options depend on rules: it follows the answers and offers only what applies. */
function OfferedField(props: Parameters<typeof FieldSlot>[0] & { stepDef: Step }) {
  const { controller, stepDef, name, schema, uiSchema } = props;
  // The options follow only the answers their rules read (the definition's dependency index).
  const optionsAtom = useMemo(
    () =>
      atomOfReads(controller, fieldReads(controller, stepDef.id, name), (s) => {
        const input = {
          data: s.formData,
          context: controller.setup.context,
          result: s.applicationResult,
        };
        return {
          offered: offeredOptions(stepDef, name, input),
          // Options that are data (optionsFrom) carry their German text; the others the enum's.
          fromData: stepDef.form?.optionsFrom?.[name] ? dataOptions(stepDef, name, input) : null,
        };
      }),
    [controller, stepDef, name],
  );
  const { offered, fromData } = useAtomValue(optionsAtom, { store: controller.store });
  const all = fromData
    ? fromData.map((o) => o.value)
    : ((schema['enum'] as unknown[] | undefined) ?? []);
  const names = fromData
    ? fromData.map((o) => o.label)
    : ((uiSchema['ui:enumNames'] as string[] | undefined) ?? []);
  const key = [...offered, ...names].join('\u0000');
  const narrowed = useMemo(() => {
    const items = schema['items'];
    // A multiple choice (checkboxes) narrows its items' options; its labels come by value.
    if (!Array.isArray(schema['enum']) && typeof items === 'object' && items !== null)
      return { schema: { ...schema, items: { ...items, enum: offered } } as RJSFSchema, uiSchema };
    return {
      schema: { ...schema, enum: offered } as RJSFSchema,
      uiSchema: {
        ...uiSchema,
        'ui:enumNames': offered.map((o) => names[all.indexOf(o)] ?? String(o)),
      },
    };
  }, [key, schema, uiSchema]);
  return <FieldSlot {...props} schema={narrowed.schema} uiSchema={narrowed.uiSchema} />;
}

const sameLimits = (a: ItemLimits, b: ItemLimits): boolean => a.min === b.min && a.max === b.max;

/**
 * A list field: its item limits follow the answers its itemCounts rules read (the field re-renders
 * only when the limits change); without rules they are the schema's.
 */
function ListField(props: Parameters<typeof FieldSlot>[0] & { stepDef: Step }) {
  const { controller, stepDef, name } = props;
  const limitsAtom = useMemo(
    () =>
      atomOfReads(
        controller,
        fieldReads(controller, stepDef.id, name),
        (s) =>
          itemLimits(stepDef, name, {
            data: s.formData,
            context: controller.setup.context,
            result: s.applicationResult,
          }),
        sameLimits,
      ),
    [controller, stepDef, name],
  );
  const limits = useAtomValue(limitsAtom, { store: controller.store });
  return <FieldSlot {...props} limits={limits} />;
}

/**
 * One step: error summary (after a failed "Weiter"), heading, info box of the last call, content,
 * the fields, and the buttons. Focus goes to the heading when the step opens and to the summary
 * when "Weiter" fails; the title names the step and starts with "Fehler: " while errors show.
 */
export function StepView({
  controller,
  step,
  context,
  flowTitle,
}: {
  controller: WizardController;
  step: Step;
  context: RendererFormContext;
  flowTitle: string;
}) {
  const { atoms, store } = controller;
  const { t } = context;
  const schema = useMemo(
    () => (step.form?.schema ?? { type: 'object', properties: {} }) as RJSFSchema,
    [step],
  );
  const uiRoot = useMemo(() => (step.form?.uiSchema ?? {}) as Record<string, unknown>, [step]);
  const registry: FieldRegistry = useMemo(
    () => ({ formContext: context, globalFormOptions: FORM_OPTIONS }),
    [context],
  );
  // rjsf's registry only for a step with a nested object or a list (loaded before it shows).
  const nested = useMemo(
    () => (needsNestedFields(step) ? nestedRegistryMaker()?.(schema, context) : undefined),
    [step, schema, context],
  );
  const fields = useMemo(
    () => fieldOrder(schema as Record<string, unknown>, uiRoot),
    [schema, uiRoot],
  );
  const uiSchemas = useMemo(
    () =>
      Object.fromEntries(
        fields.map((f) => [
          f,
          translatedUiSchema(
            (schema.properties as Record<string, unknown>)[f],
            uiRoot[f],
            f,
            step.i18nPrefix,
            t,
            context.exists,
          ),
        ]),
      ),
    [fields, schema, uiRoot, step.i18nPrefix, t, context.exists],
  );
  // Required now: the schema's required fields and those whose requiredWhen rule holds.
  // Its requiredWhen rules run again only when an answer they read changed.
  const requiredAtom = useMemo(
    () =>
      atomOfReads(
        controller,
        ruleDependencies(controller.setup.definition).required.get(step.id),
        (s) =>
          requiredFields(step, {
            data: s.formData,
            context: controller.setup.context,
            result: s.applicationResult,
          }),
        sameList,
      ),
    [controller, step],
  );
  const requiredList = useAtomValue(requiredAtom, { store });
  const required = useMemo(() => new Set(requiredList), [requiredList]);
  const irrelevantAtom = useMemo(
    () => selectAtom(atoms.state, (s) => s.irrelevantKeys[step.id] ?? EMPTY, sameList),
    [atoms.state, step.id],
  );
  const hasPreviousAtom = useMemo(
    () => selectAtom(atoms.state, (s) => s.steps.findIndex((x) => x.id === step.id) > 0),
    [atoms.state, step.id],
  );
  const irrelevant = useAtomValue(irrelevantAtom, { store });
  // A list item's fields follow its own answers (rules keyed <list>.<field>, reading `item`).
  const hiddenItemFields = useCallback(
    (list: string, item: unknown) =>
      irrelevantItemFields(step, list, item, {
        data: controller.state.formData,
        context: controller.setup.context,
        result: controller.state.applicationResult,
      }),
    [step, controller],
  );
  const hasPrevious = useAtomValue(hasPreviousAtom, { store });
  const showAll = useAtomValue(atoms.showAllErrors, { store });
  // The step's problems matter only for the error summary: while it is hidden, a change of the
  // problems (a keystroke) does not re-render the step.
  const summaryProblemsAtom = useMemo(
    () => atom((get) => (get(atoms.showAllErrors) ? get(atoms.problems)[step.id] : undefined)),
    [atoms, step.id],
  );
  const problems = useAtomValue(summaryProblemsAtom, { store });
  const feedback = useAtomValue(atoms.feedback, { store });
  const busy = useAtomValue(atoms.busy, { store });
  const migrated = useAtomValue(atoms.migrated, { store });
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const title = t(`${step.i18nPrefix}.title`);
  const { definition } = controller.setup;
  const quote = quoteShownOn(definition, step.id) ? definition.quote : undefined;

  const entries: SummaryEntry[] = useMemo(() => {
    if (!showAll) return [];
    const list: SummaryEntry[] = [];
    for (const field of fields) {
      if (irrelevant.includes(field)) continue;
      for (const problem of problems?.[field] ?? []) {
        const id = problemFieldId(problem.path, registry.globalFormOptions);
        list.push({ fieldId: id, message: problemText(problem, context) });
      }
    }
    return list;
  }, [showAll, fields, irrelevant, problems, registry.globalFormOptions, context]);
  const hasErrors = entries.length > 0;

  useEffect(() => {
    headingRef.current?.focus();
  }, [step.id]);
  useEffect(() => {
    // Only a failed "Weiter" moves focus to the summary: errors that come back while the user
    // types (a list item added after a failed attempt) must not pull focus away from the field.
    if (attempt > 0) summaryRef.current?.focus();
  }, [attempt]);
  useEffect(() => {
    setDocumentTitle([title, flowTitle], hasErrors ? t('common:errors.titlePrefix') : '');
  }, [hasErrors, title, flowTitle, t]);

  return (
    <form
      className="wizard-step"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void controller.next().then((result) => {
          if (result === 'invalid') setAttempt((n) => n + 1);
        });
      }}
    >
      <StepProgress controller={controller} stepId={step.id} context={context} />
      <div
        className={quote ? 'wizard-step__layout wizard-step__layout--quote' : 'wizard-step__layout'}
      >
        <div className="wizard-step__main">
          {hasErrors ? <ErrorSummary ref={summaryRef} entries={entries} /> : null}
          <h1 ref={headingRef} tabIndex={-1}>
            {title}
          </h1>
          {migrated ? (
            <InfoBox tone="neutral" headline={t('common:migration.headline')}>
              {t('common:migration.text')}
            </InfoBox>
          ) : null}
          {feedback?.infoBox ? (
            <InfoBox
              tone={feedback.infoBox.tone}
              {...(feedback.infoBox.headlineKey
                ? { headline: t(feedback.infoBox.headlineKey) }
                : {})}
            >
              {t(feedback.infoBox.textKey, feedback.infoBox.values)}
            </InfoBox>
          ) : null}
          {step.content ? (
            <StepContent
              controller={controller}
              stepId={step.id}
              blocks={step.content}
              context={context}
            />
          ) : null}
          <ItemRulesContext.Provider value={hiddenItemFields}>
            {fields.map((name) => {
              if (irrelevant.includes(name)) return null;
              const fieldSchema = (schema.properties as Record<string, RJSFSchema>)[
                name
              ] as RJSFSchema;
              const props = {
                controller,
                registry,
                nested,
                step: step.id,
                name,
                schema: fieldSchema,
                uiSchema: uiSchemas[name] ?? {},
                required: required.has(name),
              };
              if (step.form?.optionsWhen?.[name] !== undefined || step.form?.optionsFrom?.[name])
                return <OfferedField key={name} {...props} stepDef={step} />;
              if (isListField(fieldSchema, uiRoot[name]))
                return <ListField key={name} {...props} stepDef={step} />;
              return <FieldSlot key={name} {...props} />;
            })}
          </ItemRulesContext.Provider>
        </div>
        {/* The live price: beside the form on a wide screen; on a narrow one under the fields and
        before the buttons, so that the price is read before "Antrag absenden". */}
        {quote ? (
          <div className="wizard-step__aside">
            <QuoteBox controller={controller} quote={quote} context={context} />
          </div>
        ) : null}
        <div className="wizard-step__actions">
          <div className="wizard-actions">
            {/* Pressing the button keeps focus in the field: the field's blur would otherwise show its
          error first, move the button away under the pointer and lose the click. */}
            <button
              type="submit"
              className="button"
              disabled={busy}
              onMouseDown={(event) => event.preventDefault()}
            >
              {t(step.nextLabelKey ?? 'common:actions.next')}
            </button>
            {hasPrevious ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => controller.previous()}
                disabled={busy}
              >
                {t('common:actions.back')}
              </button>
            ) : null}
            {controller.drafts.offered ? (
              <DraftButton controller={controller} context={context} />
            ) : null}
          </div>
          {controller.drafts.offered ? (
            <DraftNotice controller={controller} context={context} />
          ) : null}
        </div>
      </div>
    </form>
  );
}

function StepContent({
  controller,
  stepId,
  blocks,
  context,
}: {
  controller: WizardController;
  stepId: string;
  blocks: NonNullable<Step['content']>;
  context: RendererFormContext;
}) {
  const state = useAtomValue(controller.atoms.state, { store: controller.store });
  const scope = {
    data: state.formData,
    context: controller.setup.context,
    result: state.applicationResult,
  };
  const summary = blocks.some((block) => block.type === 'summary') ? (
    <Summary controller={controller} stepId={stepId} context={context} />
  ) : undefined;
  const services = useMemo(
    () => ({
      download: (block: ContentBlock) => controller.download(block),
      endpoints: controller.setup.endpoints,
    }),
    [controller],
  );
  return (
    <ContentBlocks
      blocks={blocks}
      scope={scope}
      context={context}
      summary={summary}
      services={services}
    />
  );
}
