import { atom, createStore, type Atom, type PrimitiveAtom } from 'jotai';
import type { ValidateFunction } from 'ajv';
import {
  draftToRestore,
  draftVersion,
  resumedDraft,
  resumeAnswers,
  type ResumedAnswers,
  type ContentBlock,
  type Refusal,
  initialState,
  transition,
  type WizardEffect,
  type WizardEvent,
  type WizardSetup,
  type WizardState,
} from '#engine';
import { changedAnswers } from '#engine';
import { createWizardAtoms, type StepProblems, type WizardAtoms } from './atoms.ts';
import { runDownload } from './download.ts';
import { runEffects } from './effects.ts';
import { DraftSaver } from './drafts.ts';
import { FieldListeners } from './fieldListeners.ts';
import { validateStep, type StepChange } from './fieldValidation.ts';
import { LiveQuote } from './liveQuote.ts';
import { StepModules, type DeferredValidators } from './stepModules.ts';
import { loadNestedFields, nestedRegistryMaker } from '../nestedFields.ts';
import { needsNestedFields } from '../fieldShapes.ts';
import { lookup } from './lookup.ts';
import { loadState, olderState, saveState, storageKey } from './persistence.ts';
import type { DownloadOutcome, WizardServices } from './services.ts';
import type { LookupOption, LookupQuery } from '../formContext.ts';

export { QUOTE_DELAY_MS } from './liveQuote.ts';
export type { DeferredValidators } from './stepModules.ts';
export type { DownloadOutcome, LeaveState, TransportResult, WizardServices } from './services.ts';

const fieldKey = (step: string, field: string): string => `${step}/${field}`;

/** How long typing must pause before the answers are saved to the tab's storage. */
const SAVE_DELAY_MS = 400;

/** A copy of an object without one key. */
function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

/**
 * One running wizard: the engine's pure transitions over a jotai store, the step's validation,
 * persistence per tab, and the effects (calls, navigation, forwarding, reports). React components
 * read its atoms; they hold no form data of their own.
 */
export class WizardController {
  readonly store = createStore();
  readonly atoms: WizardAtoms;
  /**
   * Counts the changes of the context while the flow runs ({@link updateContext}); what is
   * computed from the context and cached reads it.
   */
  readonly contextChanges: PrimitiveAtom<number> = atom(0);
  /** The flow, its endpoints and its context (the context may change: {@link updateContext}). */
  private current: WizardSetup;
  private readonly key: string;
  /** Per step and field, the components showing that field's answer. */
  private readonly fieldListeners = new FieldListeners();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The draft saving ("Als Entwurf speichern"): whether offered, its texts, the draft's id. */
  readonly drafts: DraftSaver;
  /** The live price (definition `quote`). */
  private readonly quote: LiveQuote;
  /** The step validated last and the state it was validated in (a keystroke validates less). */
  private validated: { step: string; state: WizardState } | undefined;
  /** Migrated answers chose the step to open: the first URL followed is replaced by it. */
  private landing = false;
  /** The validators by step (deferred ones join when loaded) and what steps wait for. */
  private readonly validators: StepModules;
  /**
   * The step shown needs validators that are still loading: the wizard shows a loading note
   * instead of a step that could not be checked yet.
   */
  readonly waiting: Atom<boolean>;
  /** The step's validators could not be loaded after several tries: the wizard offers to retry. */
  readonly waitingFailed: Atom<boolean>;

  /**
   * `prefill` holds the prefillable values the flow was opened with (URL, embedding parent):
   * they fill a fresh start only, never answers the tab or a resumed draft already has.
   */
  constructor(
    setup: WizardSetup,
    validators: Readonly<Record<string, ValidateFunction>>,
    private readonly services: WizardServices,
    prefill?: Readonly<Record<string, unknown>>,
    deferred?: DeferredValidators,
  ) {
    this.current = setup;
    this.validators = new StepModules(
      validators,
      setup.definition.steps.map((s) => s.id),
      deferred,
      [
        {
          steps: setup.definition.steps.filter(needsNestedFields).map((s) => s.id),
          loaded: () => nestedRegistryMaker() !== undefined,
          load: loadNestedFields,
        },
      ],
      {
        store: this.store,
        currentStep: () => this.state.currentStep,
        revalidate: (stepId) => this.revalidate(stepId),
      },
    );
    this.waiting = this.validators.waiting;
    this.waitingFailed = this.validators.failed;
    const { definition, context } = setup;
    const draft = resumedDraft(context);
    const scope = { variant: context['variant'], route: context['route'], draft: draft?.id };
    this.key = storageKey(definition.id, definition.version, scope);
    this.drafts = new DraftSaver(this, this.key, services);
    this.quote = new LiveQuote(this, services);
    const saved = loadState(services.storage, this.key);
    this.atoms = createWizardAtoms(
      saved ?? initialState(definition, context['variant']),
      (step, field) => this.store.get(this.atoms.problems)[step]?.[field],
    );
    this.dispatch({ type: 'start' });
    if (!saved) this.resumeOrPrefill(context, scope, prefill);
    this.openUrlStep();
  }

  /**
   * The step the URL names (a link into the flow, a reload) is current from the first render,
   * so no other step shows before it; after migrated answers the landing decides instead.
   */
  private openUrlStep(): void {
    const segment = this.services.currentSegment?.();
    const { steps, currentStep } = this.state;
    if (this.landing || !segment || segment === currentStep) return;
    if (this.setup.definition.pages?.some((p) => p.id === segment)) return;
    if (steps.some((s) => s.id === segment)) this.dispatch({ type: 'goTo', step: segment });
  }

  /** Fills a tab without saved state: from a resumed draft, older answers, or the prefill. */
  private resumeOrPrefill(
    context: WizardSetup['context'],
    scope: Parameters<typeof olderState>[2],
    prefill: Readonly<Record<string, unknown>> | undefined,
  ): void {
    const { definition } = this.setup;
    // A resumed draft fills the answers once (migrated from the version it was saved under);
    // after that the tab's own state wins (reload). Without one, the tab's answers of an older
    // version of the flow are migrated.
    const fromDraft = draftToRestore(context);
    const older = fromDraft ? undefined : olderState(this.services.storage, definition, scope);
    const resumed: ResumedAnswers | undefined = fromDraft
      ? resumeAnswers(definition, draftVersion(context) ?? definition.version, fromDraft)
      : older && resumeAnswers(definition, older.version, older.state);
    if (resumed) {
      this.dispatch({
        type: 'restore',
        formData: resumed.formData,
        currentStep: resumed.currentStep,
      });
      if (resumed.migrated) this.landAfterMigration(resumed.currentStep);
    } else if (prefill && Object.keys(prefill).length > 0)
      this.dispatch({ type: 'prefill', values: { ...prefill } });
  }

  /**
   * After answers of an older version were carried over: opens the first step (up to the one the
   * answers were saved on) that now needs an answer, with a note that something changed.
   */
  private landAfterMigration(savedStep: string | null): void {
    const steps = this.state.steps.map((s) => s.id);
    const until = savedStep === null ? steps.length - 1 : steps.indexOf(savedStep);
    const range = steps.slice(0, until < 0 ? steps.length : until + 1);
    this.landing = true;
    const last = range[range.length - 1];
    if (last === undefined || !this.validators.needed(last)) {
      this.land(range);
      return;
    }
    // Steps with deferred validators are among those to check: check once they are loaded, then
    // open the step found (meanwhile a loading note shows).
    this.validators.landWhenLoaded(last, () => {
      this.land(range);
      this.landing = false;
      if (this.state.currentStep) this.services.navigate(this.state.currentStep, { replace: true });
    });
  }

  /** Opens the first of `range` that needs an answer, with the note about the migration. */
  private land(range: readonly string[]): void {
    const needing = range.find((id) => Object.keys(this.revalidate(id)).length > 0);
    if (needing !== undefined && needing !== this.state.currentStep)
      this.dispatch({ type: 'goTo', step: needing });
    this.store.set(this.atoms.migrated, true);
    this.flush();
  }

  /** "Erneut versuchen" after the step's validators failed to load: loads them again. */
  retryStep(): void {
    this.validators.retry();
  }

  /** The flow, its endpoints and its context now. */
  get setup(): WizardSetup {
    return this.current;
  }

  /**
   * Applies context entries that changed while the flow runs (the feature flags arrive after the
   * first render): the rules are evaluated again with them, the answers stay. Entries equal to
   * the ones the flow has change nothing.
   */
  updateContext(entries: Readonly<Record<string, unknown>>): void {
    const { context } = this.current;
    const same = Object.entries(entries).every(
      ([key, value]) => JSON.stringify(context[key]) === JSON.stringify(value),
    );
    if (same) return;
    this.current = { ...this.current, context: { ...context, ...entries } };
    this.store.set(this.contextChanges, (n) => n + 1);
    this.dispatch({ type: 'contextChanged' });
  }

  /** The current state. */
  get state(): WizardState {
    return this.store.get(this.atoms.state);
  }

  /** Runs an event through the engine, keeps and saves the result, and returns its effects. */
  dispatch(event: WizardEvent): WizardEffect[] {
    const previous = this.state;
    const { state, effects } = transition(this.setup, previous, event);
    this.store.set(this.atoms.state, state);
    const edited =
      event.type === 'setPageData' && event.fields
        ? { step: event.page, fields: event.fields }
        : undefined;
    const changed = changedAnswers(
      this.setup.definition,
      previous.formData,
      state.formData,
      edited,
    );
    this.fieldListeners.notify(changed);
    this.scheduleSave();
    // A keystroke on the current step: only the fields it can affect are validated again.
    const keystroke =
      edited !== undefined &&
      edited.step === state.currentStep &&
      previous.currentStep === state.currentStep &&
      previous.applicationResult === state.applicationResult &&
      this.validated?.step === edited.step &&
      this.validated.state === previous;
    if (state.currentStep && !this.validators.prepare(state.currentStep))
      this.revalidate(state.currentStep, keystroke ? { before: previous, changed } : undefined);
    if (state.currentStep !== previous.currentStep && this.store.get(this.atoms.draft) !== null)
      this.store.set(this.atoms.draft, null);
    if (state.applicationSent && !previous.applicationSent) this.drafts.forgetDraftId();
    if (state.currentStep !== previous.currentStep && this.store.get(this.atoms.migrated))
      this.store.set(this.atoms.migrated, false);
    if (
      this.quote.isActive &&
      (state.formData !== previous.formData || state.currentStep !== previous.currentStep)
    )
      this.quote.schedule();
    return effects;
  }

  /**
   * Starts the live price (definition `quote`): asks once now (start, restore), then after
   * every change of the answers or the step, once they rest. Returns {@link stopQuote}.
   */
  startQuote(): () => void {
    return this.quote.start();
  }

  /** Stops the live price: no timer, and a running request's answer is ignored. */
  stopQuote(): void {
    this.quote.stop();
  }

  /**
   * Runs a download block (an offer, an advice record as PDF) for the current answers: saved,
   * incomplete (the server misses answers: 422), limited (429) or failed.
   */
  download(block: ContentBlock): Promise<DownloadOutcome> {
    return runDownload(this.setup, this.state, block, this.services, () => this.flush());
  }

  /**
   * "Als Entwurf speichern": sends the answers as the flow's draft, without validating the step.
   * Later saves replace the same draft. The result shows in the draft atom.
   */
  saveDraft(): Promise<void> {
    return this.drafts.saveDraft();
  }

  /**
   * Suggestions of a look-up endpoint for a field of a step: the typed text as `queryParam`,
   * and each further parameter from the answer of the named field of the same step.
   */
  async lookup(
    stepId: string,
    endpoint: string,
    query: LookupQuery,
  ): Promise<readonly LookupOption[] | undefined> {
    const answers = this.state.formData[stepId] ?? {};
    return lookup(this.setup.endpoints, this.services, answers, endpoint, query);
  }

  /** One field's answer. */
  fieldValue(step: string, field: string): unknown {
    return this.state.formData[step]?.[field];
  }

  /**
   * Subscribes to one field's answer: the listener runs only when that answer changes, so a
   * keystroke wakes one field whatever the size of the step.
   */
  subscribeField(step: string, field: string, listener: () => void): () => void {
    return this.fieldListeners.subscribe(step, field, listener);
  }

  /**
   * Saves the state once typing pauses (writing the whole state on every key costs more than
   * the key itself); {@link flush} saves at once, on page hide and before leaving.
   */
  private scheduleSave(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  /** Saves the state now (page hide, unmount, leaving for another site). */
  flush(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    saveState(this.services.storage, this.key, this.state);
  }

  /** Sets one field's answer (validation of touched fields follows at once). */
  setField(step: string, field: string, value: unknown): void {
    // A spread copies a long step's answers several times faster than filtering its entries.
    const answers = this.state.formData[step] ?? {};
    const page =
      value !== undefined
        ? { ...answers, [field]: value }
        : Object.hasOwn(answers, field)
          ? withoutKey(answers, field)
          : { ...answers };
    const feedback = this.store.get(this.atoms.feedback);
    if (feedback && field in feedback.fieldErrors) {
      this.store.set(this.atoms.feedback, {
        ...feedback,
        fieldErrors: withoutKey(feedback.fieldErrors, field),
      });
    }
    this.dispatch({ type: 'setPageData', page: step, data: page, fields: [field] });
  }

  /**
   * Marks a field as left once: from now on its errors show. In a list, `inputId` names the
   * input inside an item that was left: only that input's errors show (`step/#<id>`), so a new,
   * still empty item shows no errors before it was visited.
   */
  touch(step: string, field: string, inputId?: string): void {
    const touched = this.store.get(this.atoms.touched);
    const key = inputId === undefined ? fieldKey(step, field) : `${step}/#${inputId}`;
    if (!touched.has(key)) this.store.set(this.atoms.touched, new Set([...touched, key]));
  }

  /** Whether a field's errors are shown. */
  isShown(step: string, field: string): boolean {
    return (
      this.store.get(this.atoms.showAllErrors) ||
      this.store.get(this.atoms.touched).has(fieldKey(step, field))
    );
  }

  /**
   * Validates a step and publishes its problems, keeping unchanged fields' arrays. With `change`
   * (a keystroke since the last validation of this step), only the fields it affects.
   */
  revalidate(stepId: string, change?: StepChange): StepProblems {
    const validate = this.validators.of(stepId);
    const previous = this.store.get(this.atoms.problems)[stepId] ?? {};
    if (!validate) return previous;
    const state = this.state;
    const next = validateStep(this.setup, validate, stepId, state, previous, change);
    this.validated = { step: stepId, state };
    if (next === previous) return previous;
    this.store.set(this.atoms.problems, {
      ...this.store.get(this.atoms.problems),
      [stepId]: next,
    });
    // Only the fields whose problems changed: the other fields' atoms are not touched.
    for (const field of new Set([...Object.keys(previous), ...Object.keys(next)])) {
      if (previous[field] === next[field]) continue;
      const made = this.atoms.madeFieldProblems(stepId, field);
      if (made) this.store.set(made, next[field]);
    }
    return next;
  }

  /** "Weiter": validates the whole step, then moves on or runs the step's call. */
  async next(): Promise<'invalid' | 'done'> {
    const step = this.state.currentStep;
    if (!step || this.store.get(this.atoms.busy)) return 'done';
    // A step is never passed unchecked: its deferred validators are awaited first.
    if (this.validators.needed(step)) await this.validators.load(step);
    if (Object.keys(this.revalidate(step)).length > 0) {
      this.store.set(this.atoms.showAllErrors, true);
      return 'invalid';
    }
    this.store.set(this.atoms.showAllErrors, false);
    await this.run(this.dispatch({ type: 'next' }), step);
    return 'done';
  }

  /** "Zurück": the previous visible step. */
  previous(): void {
    this.store.set(this.atoms.showAllErrors, false);
    this.store.set(this.atoms.feedback, null);
    const before = this.state.currentStep;
    void this.run(this.dispatch({ type: 'previous' }), before);
  }

  /** Goes to a step (a page button, a change link). */
  goTo(step: string): void {
    this.store.set(this.atoms.page, null);
    const before = this.state.currentStep;
    void this.run(this.dispatch({ type: 'goTo', step }), before);
  }

  /** Loads the flow's data again and goes to a step, the answers kept (a page's reload action). */
  reload(step: string): void {
    if (!this.services.reload) {
      this.goTo(step);
      return;
    }
    this.store.set(this.atoms.page, null);
    this.store.set(this.atoms.feedback, null);
    this.dispatch({ type: 'goTo', step });
    this.flush();
    this.services.reload(step);
  }

  /**
   * Follows the URL: a page id shows that page, a visible step becomes the current step (the
   * browser's back and forward), anything else is replaced by the current step.
   */
  openSegment(segment: string | undefined): void {
    const { definition } = this.setup;
    if (segment && definition.pages?.some((p) => p.id === segment)) {
      if (this.store.get(this.atoms.page) !== segment) this.store.set(this.atoms.page, segment);
      return;
    }
    this.store.set(this.atoms.page, null);
    const state = this.state;
    const landing = this.landing;
    this.landing = false;
    if (landing && state.currentStep) {
      if (segment !== state.currentStep)
        this.services.navigate(state.currentStep, { replace: true });
      return;
    }
    if (segment && state.steps.some((s) => s.id === segment)) {
      if (segment !== state.currentStep) {
        this.store.set(this.atoms.showAllErrors, false);
        this.dispatch({ type: 'goTo', step: segment });
      }
      return;
    }
    const current = state.currentStep ?? state.steps[0]?.id;
    if (current) {
      if (current !== state.currentStep) this.dispatch({ type: 'goTo', step: current });
      this.services.navigate(current, { replace: true });
    }
  }

  /**
   * Opens another page of the platform, after saving the answers; a refusal page gets the refusal
   * (its reason and the step to go back to).
   */
  leave(path: string, refusal?: Refusal): void {
    this.flush();
    if (!this.services.leave) this.services.forward(path);
    else if (refusal) this.services.leave(path, { refusal });
    else this.services.leave(path);
  }

  /** Runs effects; `before` is the step shown before the event, to navigate when it changed. */
  private run(effects: WizardEffect[], before: string | null): Promise<void> {
    return runEffects(this, this.services, effects, before);
  }
}
