import type { ValidateFunction } from 'ajv';

/**
 * Validators of some steps that load only when the user reaches the first of them (the steps with
 * telephone fields, whose formats bring libphonenumber-js and its metadata).
 */
export interface DeferredValidators {
  steps: readonly string[];
  load: () => Promise<Readonly<Record<string, ValidateFunction>>>;
}

/** How long after a failed load of deferred validators it is tried again. */
export const RETRY_DELAY_MS = 2000;
/** Loads in a row that may fail before the wizard says the step cannot be shown. */
export const LOAD_ATTEMPTS = 3;

/**
 * A flow's precompiled validators by step: those loaded with the flow, and the deferred ones once
 * their load (started by {@link load}, once, again after a failure) has brought them.
 */
export class StepValidators {
  private readonly byStep: Record<string, ValidateFunction>;
  private loading: Promise<void> | undefined;
  /** Failed loads since the last success or the user's "try again". */
  private failures = 0;

  /** `onLoaded` runs once when the deferred validators have joined (validate the step shown). */
  constructor(
    validators: Readonly<Record<string, ValidateFunction>>,
    private readonly stepOrder: readonly string[],
    private readonly deferred: DeferredValidators | undefined,
    private readonly onLoaded: () => void,
  ) {
    this.byStep = { ...validators };
  }

  /** The validator of a step, when it is at hand. */
  of(stepId: string): ValidateFunction | undefined {
    return this.byStep[stepId];
  }

  /**
   * Whether the step needs the deferred validators before it shows: it is one of their steps or
   * comes after the first of them (its summary shows their answers formatted), and they are not
   * loaded yet.
   */
  needed(stepId: string): boolean {
    const deferred = this.deferred;
    if (!deferred || deferred.steps.every((id) => id in this.byStep)) return false;
    const order = this.stepOrder;
    const first = Math.min(...deferred.steps.map((id) => order.indexOf(id)).filter((i) => i >= 0));
    return order.indexOf(stepId) >= first;
  }

  /** Loads the deferred validators once (again after a failed load). */
  load(): Promise<void> {
    const deferred = this.deferred;
    if (!deferred) return Promise.resolve();
    this.loading ??= deferred.load().then(
      (loaded) => {
        Object.assign(this.byStep, loaded);
        this.onLoaded();
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /**
   * Loads the deferred validators; after a failed load, `retry` runs after a pause, and after
   * {@link LOAD_ATTEMPTS} failed loads in a row `failed` runs instead (the user may try again:
   * {@link again}).
   */
  loadOrRetry(retry: () => void, failed: () => void): void {
    this.load().then(
      () => {
        this.failures = 0;
      },
      () => {
        this.failures += 1;
        if (this.failures >= LOAD_ATTEMPTS) failed();
        else setTimeout(retry, RETRY_DELAY_MS);
      },
    );
  }

  /** Starts counting failed loads anew (the user asked to try again). */
  again(): void {
    this.failures = 0;
  }
}
