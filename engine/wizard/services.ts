import { ruleHolds } from '../rules/evaluate.ts';
import { buildRequest, type HttpRequest } from '../submit/request.ts';
import {
  draftDeclarations,
  type DraftDeclaration,
  type Step,
  type WizardDefinition,
} from '../definition/types.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import { isEmptyValue, relevantFormData, type WizardState } from './state.ts';
import type { WizardSetup } from './transition.ts';
import { resumedDraft, type DraftState } from './resume.ts';

/** One load of a definition: the context key its answer fills and the request. */
export interface ContextLoad {
  name: string;
  request: HttpRequest;
  /** A failure leaves context.<name> empty instead of refusing the flow. */
  optional: boolean;
  /** Where the app goes when the load answers 404 (definition `notFoundRoute`). */
  notFoundRoute?: string;
  /** A 404 means the flow's address does not exist: the not-found page (definition `notFoundPage`). */
  notFoundPage?: true;
}

const noAnswers = (): undefined => undefined;

/**
 * The loads a flow needs before it starts (definition `load`), for a context: each whose `when`
 * holds, with its request built from context.* (context.route.vertragId). The app runs them and
 * puts each answer at context.<name>.
 */
export function contextLoads(
  definition: WizardDefinition,
  context: Record<string, unknown>,
  endpoints: EndpointCatalogue['endpoints'],
): ContextLoad[] {
  const scope = { context };
  return Object.entries(definition.load ?? {})
    .flatMap(([name, load]) => (load ? [{ name, load }] : []))
    .filter(({ load }) => load.when === undefined || ruleHolds(load.when, scope))
    .map(({ name, load }) => ({
      name,
      optional: load.optional === true,
      ...(load.notFoundRoute ? { notFoundRoute: load.notFoundRoute } : {}),
      ...(load.notFoundPage === true ? { notFoundPage: true as const } : {}),
      request: buildRequest(
        {
          endpoint: load.endpoint,
          ...(load.params ? { params: load.params } : {}),
          ...(load.query ? { query: load.query } : {}),
        },
        endpoints,
        scope,
        noAnswers,
      ),
    }));
}

const stepPosition = (definition: WizardDefinition, id: string | null): number =>
  definition.steps.findIndex((s) => s.id === id);

/** Answers without the named top-level fields of their steps. */
function withoutFields(
  answers: Record<string, Record<string, unknown>>,
  fields: Readonly<Record<string, readonly string[]>>,
): Record<string, Record<string, unknown>> {
  const kept: Record<string, Record<string, unknown>> = {};
  for (const [step, page] of Object.entries(answers)) {
    const names = fields[step] ?? [];
    const rest = Object.entries(page).filter(([name]) => !names.includes(name));
    if (rest.length > 0) kept[step] = Object.fromEntries(rest);
  }
  return kept;
}

/** Whether the live price shows on a step: the flow has one and the step is showFrom or later. */
export function quoteShownOn(definition: WizardDefinition, stepId: string | null): boolean {
  const quote = definition.quote;
  if (!quote || stepId === null) return false;
  const at = stepPosition(definition, stepId);
  return at >= 0 && at >= stepPosition(definition, quote.showFrom);
}

/**
 * The request of the live price for the current answers, or undefined when the flow has none, the
 * current step comes before showFrom, or the quote's `when` does not hold. Answers that fail their
 * field's validation (`invalid`: step id to top-level field names) are left out: they are not
 * given yet, and a test IBAN typed on the bank step must not cost the customer the price. Equal
 * answers give an equal request, so the caller can skip a repeat.
 */
export function quoteRequest(
  setup: WizardSetup,
  state: WizardState,
  invalid: Readonly<Record<string, readonly string[]>> = {},
): HttpRequest | undefined {
  const quote = setup.definition.quote;
  if (!quote || !quoteShownOn(setup.definition, state.currentStep)) return undefined;
  const scope = { data: state.formData, context: setup.context, result: state.applicationResult };
  if (quote.when !== undefined && !ruleHolds(quote.when, scope)) return undefined;
  const answers = withoutFields(relevantFormData(state), invalid);
  return buildRequest(
    {
      endpoint: quote.endpoint,
      ...(quote.params ? { params: quote.params } : {}),
      ...(quote.body ? { body: quote.body } : {}),
    },
    setup.endpoints,
    { ...scope, answers },
    () => answers,
  );
}

/** Whether the flow offers saving a draft in this context. */
export function draftOffered(setup: WizardSetup): boolean {
  return offeredDraft(setup) !== undefined;
}

/** The first of the flow's draft declarations whose `when` holds in this context. */
export function offeredDraft(setup: WizardSetup): DraftDeclaration | undefined {
  return draftDeclarations(setup.definition).find(
    (draft) => draft.when === undefined || ruleHolds(draft.when, { context: setup.context }),
  );
}

export type { DraftState } from './resume.ts';

/** The request saving the current answers as the draft with this id (definition `draft`). */
export function draftRequest(
  setup: WizardSetup,
  state: WizardState,
  draftId: string,
): HttpRequest | undefined {
  const draft = offeredDraft(setup);
  if (!draft) return undefined;
  const saved: DraftState = { formData: state.formData, currentStep: state.currentStep };
  const scope = {
    data: state.formData,
    context: setup.context,
    result: state.applicationResult,
    draft: { id: draftId, state: saved },
  };
  return buildRequest(
    {
      endpoint: draft.endpoint,
      ...(draft.params ? { params: draft.params } : {}),
      body: draft.body,
    },
    setup.endpoints,
    scope,
    noAnswers,
  );
}

/**
 * The saved answers a resumed draft carries (context.draft.zustand, or
 * context.savedApplication.zustand), when they are well formed.
 */
export function draftToRestore(context: Record<string, unknown>): DraftState | undefined {
  const draft = resumedDraft(context);
  const saved = draft?.zustand as { formData?: unknown; currentStep?: unknown } | undefined;
  if (typeof saved?.formData !== 'object' || saved.formData === null) return undefined;
  const formData: DraftState['formData'] = {};
  for (const [page, data] of Object.entries(saved.formData)) {
    if (typeof data === 'object' && data !== null && !Array.isArray(data))
      formData[page] = { ...(data as Record<string, unknown>) };
  }
  return {
    formData,
    currentStep: typeof saved.currentStep === 'string' ? saved.currentStep : null,
  };
}

/** One answered field of a summary: its name, answer and schemas to show it by. */
export interface SummaryField {
  name: string;
  value: unknown;
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

/** The answers of one step in a summary, with the step to go back to for a change. */
export interface SummarySection {
  step: Step;
  fields: SummaryField[];
}

/**
 * The answered fields of one step in field order (ui:order first), leaving out hidden fields and
 * empty answers; undefined for a step without a form or without such answers.
 */
export function answeredSection(
  step: Step,
  answers: Record<string, unknown> | undefined,
): SummarySection | undefined {
  if (!step.form || !answers) return undefined;
  const properties = (step.form.schema['properties'] ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  const ui = (step.form.uiSchema ?? {}) as Record<string, unknown>;
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]) : [];
  const names = [
    ...order.filter((n) => n in properties),
    ...Object.keys(properties).filter((n) => !order.includes(n)),
  ];
  const fields: SummaryField[] = [];
  for (const name of names) {
    const fieldUi = (ui[name] ?? {}) as Record<string, unknown>;
    if (fieldUi['ui:widget'] === 'hidden' || isEmptyValue(answers[name])) continue;
    fields.push({
      name,
      value: answers[name],
      schema: properties[name] ?? {},
      uiSchema: fieldUi,
    });
  }
  return fields.length > 0 ? { step, fields } : undefined;
}

/**
 * The summary ("check your answers") shown on a step: the relevant, non-empty answers of every
 * visible step before it that has a form, in step and field order (ui:order first), leaving out
 * hidden fields.
 */
export function summarySections(
  setup: WizardSetup,
  state: WizardState,
  stepId: string,
): SummarySection[] {
  const relevant = relevantFormData(state);
  const sections: SummarySection[] = [];
  for (const { id } of state.steps) {
    if (id === stepId) break;
    const step = setup.definition.steps.find((s) => s.id === id);
    const section = step && answeredSection(step, relevant[id]);
    if (section) sections.push(section);
  }
  return sections;
}

/** A content block of a step (text, download, links, …). */
export type ContentBlock = NonNullable<Step['content']>[number];

/** One link of a links block. */
export type DocumentLink = NonNullable<ContentBlock['links']>[number];

/**
 * The request of a download block (type download): its endpoint with the path parameters and the
 * body computed over data, context, the stored result and answers (the relevant answers of every
 * visible step), as the quote's request is. Undefined for another block.
 */
export function downloadRequest(
  setup: WizardSetup,
  state: WizardState,
  block: ContentBlock,
): HttpRequest | undefined {
  if (block.type !== 'download' || !block.endpoint) return undefined;
  const answers = relevantFormData(state);
  const scope = { data: state.formData, context: setup.context, result: state.applicationResult };
  return buildRequest(
    {
      endpoint: block.endpoint,
      ...(block.params ? { params: block.params } : {}),
      ...(block.body ? { body: block.body } : {}),
    },
    setup.endpoints,
    { ...scope, answers },
    () => answers,
  );
}

/**
 * The links of a links block that are shown for a rule scope, each with its label key and the
 * URL of its GET endpoint (path parameters filled in and encoded).
 */
export function documentLinks(
  block: ContentBlock,
  scope: Record<string, unknown>,
  endpoints: EndpointCatalogue['endpoints'],
): { labelKey: string; href: string }[] {
  return (block.links ?? [])
    .filter((link) => link.visibleWhen === undefined || ruleHolds(link.visibleWhen, scope))
    .map((link) => ({
      labelKey: link.labelKey,
      href: buildRequest(
        { endpoint: link.endpoint, ...(link.params ? { params: link.params } : {}) },
        endpoints,
        scope,
        noAnswers,
      ).url,
    }));
}
