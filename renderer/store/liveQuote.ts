/**
 * The live price (definition `quote`): asks the flow's price endpoint for the current answers once
 * they rest, sends an equal request only once, and ignores answers of superseded requests.
 */
import type { createStore } from 'jotai';
import {
  isCanceled,
  quoteRequest,
  type HttpRequest,
  type WizardSetup,
  type WizardState,
} from '#engine';
import type { StepProblems, WizardAtoms } from './atoms.ts';
import type { TransportResult, WizardServices } from './services.ts';

/** How long the answers must rest before the live price is asked for. */
export const QUOTE_DELAY_MS = 350;

/** The fields with a validation problem, per step: their answers are not given yet. */
function invalidFields(problems: Readonly<Record<string, StepProblems>>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(problems).map(([step, fields]) => [
      step,
      Object.entries(fields)
        .filter(([, list]) => list.length > 0)
        .map(([field]) => field),
    ]),
  );
}

/** What the live price reads and writes of its wizard (the controller). */
export interface QuoteWizard {
  readonly setup: WizardSetup;
  readonly store: ReturnType<typeof createStore>;
  readonly atoms: WizardAtoms;
  /** The current state. */
  readonly state: WizardState;
}

/** The live price of one wizard, publishing to its quote atom. */
export class LiveQuote {
  /** The live price runs only between {@link start} and {@link stop}. */
  private active = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** JSON of the last price request sent; an equal one is not sent again. */
  private sent: string | undefined;
  /** Number of the newest price request; answers of older ones are ignored. */
  private sequence = 0;

  constructor(
    private readonly wizard: QuoteWizard,
    private readonly services: Pick<WizardServices, 'transport'>,
  ) {}

  /** Whether the live price runs (the answers' changes then restart its timer). */
  get isActive(): boolean {
    return this.active;
  }

  /**
   * Starts the live price (definition `quote`): asks once now (start, restore), then after
   * every change of the answers or the step, once they rest. Returns {@link stop}.
   */
  start(): () => void {
    if (!this.wizard.setup.definition.quote) return () => undefined;
    this.active = true;
    this.run();
    return () => this.stop();
  }

  /** Stops the live price: no timer, and a running request's answer is ignored. */
  stop(): void {
    this.active = false;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.sequence++;
    this.sent = undefined;
  }

  /** Restarts the price timer; a keystroke does nothing else for the price. */
  schedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), QUOTE_DELAY_MS);
  }

  /** Asks for the price of the current answers, unless it was asked for already. */
  private run(): void {
    const { setup, store, atoms } = this.wizard;
    this.timer = undefined;
    let request: HttpRequest | undefined;
    try {
      request = quoteRequest(setup, this.wizard.state, invalidFields(store.get(atoms.problems)));
    } catch {
      request = undefined;
    }
    const current = store.get(atoms.quote);
    if (!request) {
      this.sent = undefined;
      this.sequence++;
      if (current.status !== 'idle' || current.response !== undefined)
        store.set(atoms.quote, { status: 'idle' });
      return;
    }
    const json = JSON.stringify(request);
    if (json === this.sent) return;
    this.sent = json;
    const sequence = ++this.sequence;
    const previous =
      (current.status === 'ok' || current.status === 'loading') && current.response !== undefined
        ? { response: current.response }
        : {};
    store.set(atoms.quote, { status: 'loading', ...previous });
    const settle = (result: TransportResult): void => {
      if (sequence !== this.sequence) return;
      if (isCanceled(result)) {
        // Cancelled by someone else's request to the same path: ask again once things rest.
        this.sent = undefined;
        if (this.active) this.schedule();
        return;
      }
      if (!result.ok) this.sent = undefined;
      store.set(
        atoms.quote,
        result.ok ? { status: 'ok', response: result.body } : { status: 'failed' },
      );
    };
    this.services
      .transport(request)
      .then(settle, () => settle({ ok: false, status: 0, body: null }));
  }
}
