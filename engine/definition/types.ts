import type {
  WizardDefinition,
  Step,
  EndpointCall1,
  OutcomeCase,
} from '../../generated/types/wizard-definition.ts';
import type { WizardContext } from '../../generated/types/wizard-context.ts';

export type { WizardDefinition, Step, OutcomeCase, WizardContext };

/** A call of an API endpoint as a definition declares it (submit, calculate, save, or a step's own). */
export type EndpointCall = EndpointCall1;

/** One outcome or a list of outcome cases. */
export type Outcome = EndpointCall['onSuccess'];

/** A definition with the path it was read from. */
export interface ParsedDefinition {
  path: string;
  value: WizardDefinition;
}

/** One problem found in a file under definitions/, located for the person who fixes it. */
export interface CheckError {
  file: string;
  pointer: string;
  line: number;
  column: number;
  message: string;
}

/** Formats a check error as one line: file:line:column pointer: message. */
export function formatCheckError(error: CheckError): string {
  return `${error.file}:${error.line}:${error.column} ${error.pointer || '/'}: ${error.message}`;
}

/** The URI a file under definitions/ is known by; relative $refs resolve against it. */
export const DEFINITIONS_BASE_URI = 'https://definitions.wizard.invalid/';

/** URI of a path under definitions/ (definitions/claims/x.json -> https://.../claims/x.json). */
export function uriOfPath(path: string): string {
  return DEFINITIONS_BASE_URI + path.replace(/^definitions\//, '');
}

/**
 * The $id a step's form schema is compiled under: beside its definition file, so that relative
 * $refs (../schema/fragments/address.schema.json) resolve as they do in an editor.
 */
export function stepSchemaId(definitionPath: string, stepId: string): string {
  return uriOfPath(definitionPath).replace(/\.json$/, `.step.${stepId}.json`);
}

/** One way of saving a draft a definition declares (`draft`: one, or several). */
export type DraftDeclaration =
  NonNullable<WizardDefinition['draft']> extends infer D
    ? D extends readonly (infer Item)[]
      ? Item
      : D
    : never;

/** Every draft declaration of a definition, in order (none when it saves no drafts). */
export function draftDeclarations(
  definition: Pick<WizardDefinition, 'draft'>,
): readonly DraftDeclaration[] {
  const draft = definition.draft;
  if (draft === undefined) return [];
  return Array.isArray(draft) ? draft : [draft as DraftDeclaration];
}
