/**
 * Resuming saved answers (a tab's state, an agent's or a customer's draft) that may have been
 * saved under an older version of the definition: migrated to the current version, or dropped
 * when no migration leads there.
 */
import { migrateAnswers } from '../definition/migrate.ts';
import type { WizardDefinition } from '../definition/types.ts';
import type { WizardState } from './state.ts';

/** The answers a draft keeps: every page's answers and the step shown. */
export interface DraftState {
  formData: WizardState['formData'];
  currentStep: string | null;
}

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

/**
 * The saved answers being resumed: an agent's draft (context.draft) or a customer's saved
 * application (context.savedApplication, also what a resume link restored).
 */
export function resumedDraft(
  context: Record<string, unknown>,
): { id?: unknown; version?: unknown; zustand?: unknown } | undefined {
  const found = context['draft'] ?? context['savedApplication'];
  return typeof found === 'object' && found !== null ? found : undefined;
}

/** The version resumed answers were saved under (their `version`), if they name one. */
export function draftVersion(context: Record<string, unknown>): number | undefined {
  const version = resumedDraft(context)?.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}
