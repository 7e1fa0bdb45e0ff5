import { ruleHolds } from '../rules/evaluate.ts';
import { buildRequest, type HttpRequest } from '../submit/request.ts';
import type { EndpointCall, OutcomeCase, Step, WizardDefinition } from '../definition/types.ts';
import { applyDerived, type EditedFields } from './derive.ts';
import { changedAnswers, readsAny, ruleDependencies, type AnswerRef } from './dependencies.ts';
import { prefillValue } from './prefillValue.ts';
import { refusalOf, type Refusal } from './refusal.ts';
import { journeyScope } from './journey.ts';
import type { WizardSetup } from './setup.ts';
import { emptyState, relevantFormData, type WizardState } from './state.ts';
import {
  computeValue,
  irrelevantKeys,
  resolveGoTo,
  visibleSteps,
  type RuleInput,
} from './visibility.ts';

export type { WizardSetup } from './setup.ts';

/** Something that happens to the wizard. */
export type WizardEvent =
  | { type: 'start' }
  /** The context changed while the flow runs (the feature flags arrived): rules read it again. */
  | { type: 'contextChanged' }
  | {
      type: 'setPageData';
      page: string;
      data: Record<string, unknown>;
      /**
       * The only fields whose answers differ from the page's answers before (a keystroke: the
       * typed field); without it every field of the page is compared.
       */
      fields?: string[];
    }
  | { type: 'setSteps'; steps: string[] }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; step: string }
  | { type: 'resetPage'; page: string }
  | { type: 'reset' }
  | { type: 'prefill'; values: Record<string, unknown> }
  | {
      type: 'restore';
      formData: Record<string, Record<string, unknown>>;
      currentStep: string | null;
    }
  | { type: 'callSucceeded'; status: number; response: unknown }
  | { type: 'callFailed'; status: number; response: unknown };

/** Field errors and an info box an outcome puts on the current step. */
export interface Feedback {
  fieldErrors: Record<string, string>;
  infoBox?: {
    tone: 'neutral' | 'positive' | 'warning' | 'error';
    headlineKey?: string;
    textKey: string;
    /** Interpolation values, computed from the answer when the outcome applied. */
    values?: Record<string, unknown>;
  };
}

/** What the runtime must do after a transition; the engine itself does no I/O. */
export type WizardEffect =
  | { type: 'call'; request: HttpRequest }
  | { type: 'showPage'; page: string }
  | { type: 'forward'; url: string }
  | { type: 'leave'; path: string; refusal?: Refusal }
  | { type: 'notifyParent'; command: string; args: Record<string, unknown> }
  | { type: 'feedback'; feedback: Feedback }
  | { type: 'report'; endpoint: string; status: number };

/** The next state and the effects to run. */
export interface TransitionResult {
  state: WizardState;
  effects: WizardEffect[];
}

/** The base route of a variant of a definition (the definition's own without variants). */
export function variantBaseRoute(definition: WizardDefinition, variant?: unknown): string {
  return definition.variants?.find((v) => v.id === variant)?.baseRoute ?? definition.baseRoute;
}

/** The state a definition (in one of its variants) starts from. */
export function initialState(definition: WizardDefinition, variant?: unknown): WizardState {
  return emptyState({
    productName: definition.product?.code ?? null,
    productIdentifier: definition.product?.identifier ?? null,
    baseRoute: variantBaseRoute(definition, variant),
  });
}

const ruleInput = (setup: WizardSetup, state: WizardState): RuleInput => ({
  data: state.formData,
  context: setup.context,
  result: state.applicationResult,
});

/** Sets the steps; the current step is cleared when it is no longer among them. */
function withSteps(state: WizardState, requested: string[]): WizardState {
  const ids = [...new Set(requested)];
  const steps = ids.map((id) => ({ id }));
  const currentStep =
    state.currentStep !== null && ids.includes(state.currentStep) ? state.currentStep : null;
  return { ...state, steps, currentStep };
}

/** Recomputes the visible steps and every page's irrelevant keys from the answers. */
function recompute(setup: WizardSetup, state: WizardState): WizardState {
  const input = ruleInput(setup, state);
  const irrelevant: Record<string, string[]> = {};
  for (const step of setup.definition.steps) {
    const keys = irrelevantKeys(step, input);
    if (keys.length > 0) irrelevant[step.id] = keys;
  }
  return computed(
    withSteps(
      { ...state, irrelevantKeys: irrelevant },
      visibleSteps(setup.definition, input).map((s) => s.id),
    ),
  );
}

/**
 * The steps lists and hidden-field records the rules computed for the answers they sit beside:
 * only from such a state may {@link recomputeChanged} skip the rules a change does not reach (a
 * state restored from storage, or one whose steps an event set, is computed in full first).
 */
const fromRules = new WeakSet<object>();

function computed(state: WizardState): WizardState {
  fromRules.add(state.steps);
  fromRules.add(state.irrelevantKeys);
  return state;
}

/**
 * {@link recompute} for a change of some answers only: the hidden fields of the steps whose
 * irrelevantWhen rules read a changed answer, and the visible steps when a visibleWhen rule reads
 * one (the definition's dependency index); everything else keeps its value and identity.
 */
function recomputeChanged(
  setup: WizardSetup,
  state: WizardState,
  changed: readonly AnswerRef[],
): WizardState {
  if (!fromRules.has(state.steps) || !fromRules.has(state.irrelevantKeys))
    return recompute(setup, state);
  const deps = ruleDependencies(setup.definition);
  const updated = new Map<string, string[]>();
  let input: RuleInput | undefined;
  for (const step of setup.definition.steps) {
    const reads = deps.irrelevant.get(step.id);
    if (!reads || !readsAny(reads, changed)) continue;
    input ??= ruleInput(setup, state);
    const keys = irrelevantKeys(step, input);
    if (!sameKeys(state.irrelevantKeys[step.id] ?? [], keys)) updated.set(step.id, keys);
  }
  let next = state;
  if (updated.size > 0) {
    const irrelevant: Record<string, string[]> = {};
    for (const step of setup.definition.steps) {
      const keys = updated.get(step.id) ?? state.irrelevantKeys[step.id];
      if (keys && keys.length > 0) irrelevant[step.id] = keys;
    }
    next = { ...state, irrelevantKeys: irrelevant };
  }
  if (readsAny(deps.visibility, changed)) {
    const ids = visibleSteps(setup.definition, input ?? ruleInput(setup, state)).map((s) => s.id);
    if (
      !sameKeys(
        ids,
        next.steps.map((s) => s.id),
      )
    )
      next = withSteps(next, ids);
  }
  return next === state ? state : computed(next);
}

const sameKeys = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The state with new answers, the derived and read-only answers filled in (derive.ts). `before`
 * is the answers the change started from (the same answers fill only what is empty); `edited`
 * names the page the user set in this event: a field whose answer it changed is not overwritten
 * by its derived value.
 */
function withAnswers(
  setup: WizardSetup,
  state: WizardState,
  formData: WizardState['formData'],
  before: WizardState['formData'] = formData,
  edited?: EditedFields,
): WizardState {
  return {
    ...state,
    formData: applyDerived(setup.definition, setup.context, before, formData, edited),
  };
}

function stepById(setup: WizardSetup, id: string | null): Step | undefined {
  return setup.definition.steps.find((s) => s.id === id);
}

function neighbour(state: WizardState, offset: 1 | -1): string {
  const index = state.steps.findIndex((s) => s.id === state.currentStep);
  const target = index < 0 ? undefined : state.steps[index + offset];
  if (!target)
    throw new Error(
      `There is no ${offset === 1 ? 'next' : 'previous'} step after "${state.currentStep ?? '(none)'}"`,
    );
  return target.id;
}

function callOf(setup: WizardSetup, step: Step | undefined): EndpointCall | undefined {
  if (!step?.onLeave) return undefined;
  return typeof step.onLeave === 'string' ? setup.definition[step.onLeave] : step.onLeave;
}

function setAt(
  target: Record<string, unknown>,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return target;
  const child = target[head];
  const next =
    rest.length === 0
      ? value
      : setAt(
          typeof child === 'object' && child !== null
            ? { ...(child as Record<string, unknown>) }
            : {},
          rest,
          value,
        );
  return { ...target, [head]: next };
}

function prefill(
  setup: WizardSetup,
  state: WizardState,
  values: Record<string, unknown>,
): WizardState {
  let formData = state.formData;
  let applied = false;
  for (const [name, entry] of Object.entries(setup.definition.prefill?.fields ?? {})) {
    if (!entry || values[name] === undefined) continue;
    const value =
      entry.value === undefined
        ? values[name]
        : computeValue(entry.value, { value: values[name], context: setup.context });
    if (value === undefined || value === null) continue;
    const [page, ...path] = entry.target.split('.');
    if (page === undefined) continue;
    const typed = prefillValue(stepById(setup, page), path, value);
    formData = { ...formData, [page]: setAt({ ...(formData[page] ?? {}) }, path, typed) };
    applied = true;
  }
  return applied
    ? recompute(setup, withAnswers(setup, { ...state, prefilled: true }, formData, state.formData))
    : state;
}

function pickCase(outcome: EndpointCall['onSuccess'], scope: Record<string, unknown>): OutcomeCase {
  const cases = Array.isArray(outcome) ? outcome : [outcome];
  const chosen = cases.find((c) => c.when === undefined || ruleHolds(c.when, scope));
  if (!chosen)
    throw new Error('No outcome case applies; the last case of an outcome must have no "when"');
  return chosen;
}

function errorPage(setup: WizardSetup): string {
  const page = setup.definition.pages?.find((p) => p.kind === 'error');
  if (!page) throw new Error(`Definition "${setup.definition.id}" has no error page`);
  return page.id;
}

function applyOutcome(
  setup: WizardSetup,
  state: WizardState,
  call: EndpointCall,
  event: { type: 'callSucceeded' | 'callFailed'; status: number; response: unknown },
): TransitionResult {
  const scope = {
    ...ruleInput(setup, state),
    response: event.response,
    status: event.status,
    journey: journeyScope(setup, state),
  };
  const chosen = pickCase(event.type === 'callSucceeded' ? call.onSuccess : call.onFailure, scope);
  let next: WizardState = {
    ...state,
    applicationResult: chosen.storeResult ? event.response : state.applicationResult,
    applicationSent: chosen.markSent ? true : state.applicationSent,
  };
  const effects: WizardEffect[] = [];
  if (chosen.report)
    effects.push({ type: 'report', endpoint: call.endpoint, status: event.status });
  if (chosen.notifyParent) {
    const args = Object.fromEntries(
      Object.entries(chosen.notifyParent.args ?? {}).map(([name, rule]) => [
        name,
        computeValue(rule, scope),
      ]),
    );
    effects.push({ type: 'notifyParent', command: chosen.notifyParent.command, args });
  }
  if (chosen.fieldErrors || chosen.infoBox) {
    let infoBox: Feedback['infoBox'];
    if (chosen.infoBox) {
      const { values, ...box } = chosen.infoBox;
      infoBox = values
        ? {
            ...box,
            values: Object.fromEntries(
              Object.entries(values).map(([name, rule]) => [name, computeValue(rule, scope)]),
            ),
          }
        : box;
    }
    effects.push({
      type: 'feedback',
      feedback: {
        fieldErrors: { ...(chosen.fieldErrors as Record<string, string> | undefined) },
        ...(infoBox ? { infoBox } : {}),
      },
    });
  }
  if (chosen.go === 'next') next = { ...next, currentStep: neighbour(next, 1) };
  if (chosen.go === 'step' && chosen.step) next = goTo(setup, next, chosen.step);
  if (chosen.go === 'page' && chosen.page) effects.push({ type: 'showPage', page: chosen.page });
  if (chosen.go === 'route') {
    const path = computeValue(chosen.route, scope);
    const refusal = refusalOf(chosen, scope, state);
    if (typeof path === 'string' && /^\/(?!\/)/.test(path))
      effects.push({ type: 'leave', path, ...(refusal ? { refusal } : {}) });
    else effects.push({ type: 'showPage', page: errorPage(setup) });
  }
  if (chosen.go === 'forward') {
    const url = computeValue(chosen.url, scope);
    if (typeof url === 'string' && url !== '') effects.push({ type: 'forward', url });
    else effects.push({ type: 'showPage', page: errorPage(setup) });
  }
  if (chosen.clearAnswers) {
    const cleared = recompute(
      setup,
      withAnswers(setup, { ...next, irrelevantKeys: {}, prefilled: false }, {}),
    );
    next = { ...cleared, currentStep: cleared.steps[0]?.id ?? null };
  }
  return { state: next, effects };
}

function goTo(setup: WizardSetup, state: WizardState, target: string): WizardState {
  const visible = state.steps
    .map((s) => stepById(setup, s.id))
    .filter((s): s is Step => s !== undefined);
  const step = resolveGoTo(setup.definition, visible, target);
  if (!step) throw new Error(`Step "${target}" and the steps after it are not visible`);
  return { ...state, currentStep: step.id };
}

/**
 * The wizard as a pure step function: (setup, state, event) -> next state and effects as data.
 * Throws when a move is impossible (no next or previous step), leaving the given state untouched.
 */
export function transition(
  setup: WizardSetup,
  state: WizardState,
  event: WizardEvent,
): TransitionResult {
  const done = (next: WizardState, effects: WizardEffect[] = []): TransitionResult => ({
    state: next,
    effects,
  });
  switch (event.type) {
    case 'start':
    case 'contextChanged': {
      const next = recompute(setup, withAnswers(setup, state, state.formData));
      return done(
        next.currentStep === null ? { ...next, currentStep: next.steps[0]?.id ?? null } : next,
      );
    }
    case 'setPageData': {
      const page = { ...event.data };
      const edited = { page: event.page, before: state.formData[event.page] };
      const formData = { ...state.formData, [event.page]: page };
      const next = withAnswers(setup, state, formData, state.formData, edited);
      const changed = changedAnswers(
        setup.definition,
        state.formData,
        next.formData,
        event.fields ? { step: event.page, fields: event.fields } : undefined,
      );
      return done(recomputeChanged(setup, next, changed));
    }
    case 'setSteps':
      return done(withSteps(state, event.steps));
    case 'next': {
      const call = callOf(setup, stepById(setup, state.currentStep));
      if (!call) return done({ ...state, currentStep: neighbour(state, 1) });
      const scope = { ...ruleInput(setup, state), answers: relevantFormData(state) };
      return done(state, [
        {
          type: 'call',
          request: buildRequest(call, setup.endpoints, scope, () => relevantFormData(state)),
        },
      ]);
    }
    case 'previous':
      return done({ ...state, currentStep: neighbour(state, -1) });
    case 'goTo':
      return done(goTo(setup, state, event.step));
    case 'resetPage': {
      const next = recompute(
        setup,
        withAnswers(setup, state, { ...state.formData, [event.page]: {} }, state.formData),
      );
      return done({ ...next, irrelevantKeys: { ...next.irrelevantKeys, [event.page]: [] } });
    }
    case 'reset':
      return done(initialState(setup.definition, setup.context['variant']));
    case 'restore': {
      const restored = recompute(
        setup,
        withAnswers(
          setup,
          state,
          Object.fromEntries(
            Object.entries(event.formData).map(([page, data]) => [page, { ...data }]),
          ),
        ),
      );
      const current =
        event.currentStep !== null && restored.steps.some((s) => s.id === event.currentStep)
          ? event.currentStep
          : (restored.steps[0]?.id ?? null);
      return done({ ...restored, currentStep: current });
    }
    case 'prefill':
      return done(prefill(setup, state, event.values));
    case 'callSucceeded':
    case 'callFailed': {
      const call = callOf(setup, stepById(setup, state.currentStep));
      if (!call) throw new Error(`Step "${state.currentStep ?? '(none)'}" made no call`);
      return applyOutcome(setup, state, call, event);
    }
  }
}
