import type { AnswerRef } from '#engine';

/** Per step and field, the components showing that field's answer. */
export class FieldListeners {
  private readonly byStep = new Map<string, Map<string, Set<() => void>>>();

  /** Adds a listener of one field's answer; answers the unsubscribe. */
  subscribe(step: string, field: string, listener: () => void): () => void {
    let fields = this.byStep.get(step);
    if (!fields) this.byStep.set(step, (fields = new Map()));
    let listeners = fields.get(field);
    if (!listeners) fields.set(field, (listeners = new Set()));
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Wakes the components of the answers that changed, and no other. */
  notify(changed: readonly AnswerRef[]): void {
    for (const { step, field } of changed)
      this.byStep
        .get(step)
        ?.get(field)
        ?.forEach((listener) => listener());
  }
}
