/**
 * Resuming saved answers (a tab's state, an agent's or a customer's draft) that may have been
 * saved under an older version of the definition: migrated to the current version, or dropped
 * when no migration leads there.
 */
import { migrateAnswers } from '../definition/migrate.ts';
import type { WizardDefinition } from '../definition/types.ts';
import type { DraftState } from './services.ts';

/** Saved answers ready to restore, and whether they came from an older version. */
export interface ResumedAnswers extends DraftState {
  migrated: boolean;
}

/**
 * The saved answers of `version` as answers of the definition's current version; undefined when
 * they cannot be used (no migration chain, a newer version). A step that no longer exists is not
 * kept as the current step.
 */
export function resumeAnswers(
  definition: Pick<WizardDefinition, 'version' | 'migrations' | 'steps'>,
  version: number,
  saved: DraftState,
): ResumedAnswers | undefined {
  const result = migrateAnswers(definition, version, saved.formData);
  if (!result.ok) return undefined;
  const stepExists = definition.steps.some((s) => s.id === saved.currentStep);
  return {
    formData: result.answers,
    currentStep: stepExists ? saved.currentStep : null,
    migrated: result.migrated,
  };
}

/** The version a resumed draft was saved under (context.draft.version), if it names one. */
export function draftVersion(context: Record<string, unknown>): number | undefined {
  const version = (context['draft'] as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}
