import type { ValidateFunction } from 'ajv';
import { atom, type createStore } from 'jotai';

/**
 * Validators of some steps that load only when the user reaches the first of them (the steps with
 * telephone fields, whose formats bring libphonenumber-js and its metadata).
 */
export interface DeferredValidators {
  steps: readonly string[];
  load: () => Promise<Readonly<Record<string, ValidateFunction>>>;
}

/** Something a few steps need that loads when the first of them is reached (rjsf's fields). */
export interface DeferredModule {
  steps: readonly string[];
  /** Whether it is loaded (by this wizard or another one on the page). */
  loaded: () => boolean;
  load: () => Promise<void>;
}

/** What the waiting for deferred parts needs of the running wizard. */
export interface ModuleHost {
  readonly store: ReturnType<typeof createStore>;
  /** The step shown. */
  currentStep(): string | null;
  /** Validates a step again (its validators have joined). */
  revalidate(stepId: string): void;
}

/** One deferred part: which steps need it, whether it is there, how it loads. */
interface Part {
  needs: (stepId: string) => boolean;
  loaded: () => boolean;
  load: () => Promise<void>;
  loading: Promise<void> | undefined;
}

/** How long after a failed load of deferred validators it is tried again. */
export const RETRY_DELAY_MS = 2000;
/** Loads in a row that may fail before the wizard says the step cannot be shown. */
export const LOAD_ATTEMPTS = 3;

/**
 * A flow's precompiled validators by step and the parts some steps wait for: the deferred
 * validators (telephone steps and the steps after the first of them, whose summary shows their
 * answers formatted) and modules such as rjsf's fields (only the steps that have such fields).
 * Each part loads when a step that needs it is reached, once, again after a failure. While the
 * step shown waits, {@link waiting} is set and the wizard shows a loading note instead of a step
 * that could not be checked or drawn yet; after {@link LOAD_ATTEMPTS} failed loads in a row,
 * {@link failed} is set and the wizard offers to try again (the answers stay).
 */
export class StepModules {
  private readonly byStep: Record<string, ValidateFunction>;
  private readonly parts: Part[] = [];
  /** Failed loads since the last success or the user's "try again". */
  private failures = 0;
  /** Migrated answers wait for the deferred validators before the step to open is chosen. */
  private landingPending = false;
  /** The step shown needs a part that is still loading. */
  readonly waiting = atom(false);
  /** A part the step needs could not be loaded after several tries. */
  readonly failed = atom(false);

  constructor(
    validators: Readonly<Record<string, ValidateFunction>>,
    stepOrder: readonly string[],
    deferred: DeferredValidators | undefined,
    modules: readonly DeferredModule[],
    private readonly host: ModuleHost,
  ) {
    this.byStep = { ...validators };
    if (deferred) {
      const indexes = deferred.steps.map((id) => stepOrder.indexOf(id)).filter((i) => i >= 0);
      const first = Math.min(...indexes);
      this.parts.push({
        needs: (stepId) => stepOrder.indexOf(stepId) >= first,
        loaded: () => deferred.steps.every((id) => id in this.byStep),
        load: () =>
          deferred.load().then((loaded) => {
            Object.assign(this.byStep, loaded);
          }),
        loading: undefined,
      });
    }
    for (const module of modules)
      if (module.steps.length > 0)
        this.parts.push({
          needs: (stepId) => module.steps.includes(stepId),
          loaded: module.loaded,
          load: module.load,
          loading: undefined,
        });
  }

  /** The validator of a step, when it is at hand. */
  of(stepId: string): ValidateFunction | undefined {
    return this.byStep[stepId];
  }

  /** Whether the step needs a part that is not loaded yet. */
  needed(stepId: string): boolean {
    return this.parts.some((part) => part.needs(stepId) && !part.loaded());
  }

  /** Loads the parts the step needs, each once (again after a failed load). */
  load(stepId: string): Promise<void> {
    const parts = this.parts.filter((part) => part.needs(stepId) && !part.loaded());
    return Promise.all(parts.map((part) => this.loadPart(part))).then(() => undefined);
  }

  private loadPart(part: Part): Promise<void> {
    part.loading ??= part.load().then(
      () => {
        const current = this.host.currentStep();
        if (current) this.host.revalidate(current);
        this.host.store.set(
          this.waiting,
          this.landingPending || (current !== null && this.needed(current)),
        );
      },
      (error: unknown) => {
        part.loading = undefined;
        throw error;
      },
    );
    return part.loading;
  }

  /**
   * Starts loading what the step needs; says whether it waits. A failed load (network) is tried
   * again after a pause while the loading note stays; after {@link LOAD_ATTEMPTS} failed loads in
   * a row the wizard says so ({@link retry}).
   */
  prepare(stepId: string): boolean {
    const { store } = this.host;
    if (!this.needed(stepId)) {
      store.set(this.waiting, this.landingPending);
      return false;
    }
    store.set(this.waiting, true);
    this.load(stepId).then(
      () => {
        this.failures = 0;
      },
      () => {
        this.failures += 1;
        if (this.failures >= LOAD_ATTEMPTS) store.set(this.failed, true);
        else
          setTimeout(() => {
            const current = this.host.currentStep();
            if (current !== null && !this.landingPending) this.prepare(current);
          }, RETRY_DELAY_MS);
      },
    );
    return true;
  }

  /** "Erneut versuchen" after the step's parts failed to load: loads them again. */
  retry(): void {
    this.failures = 0;
    this.host.store.set(this.failed, false);
    const current = this.host.currentStep();
    if (current !== null) this.prepare(current);
  }

  /**
   * Runs `land` (choose the step to open after migrated answers, checking up to `last`) once what
   * `last` needs is loaded; meanwhile the loading note shows. Should the load fail, `land` runs
   * with what is at hand (the server checks again).
   */
  landWhenLoaded(last: string, land: () => void): void {
    this.landingPending = true;
    this.host.store.set(this.waiting, true);
    const settle = (): void => {
      this.landingPending = false;
      land();
      const current = this.host.currentStep();
      this.host.store.set(this.waiting, current !== null && this.needed(current));
    };
    this.load(last).then(settle, settle);
  }
}
