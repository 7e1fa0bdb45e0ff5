import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import type { Bundles } from './i18n.ts';
import { propertiesOf, type SchemaLookup } from './schemaPaths.ts';
import { stepSchemaId, type Step } from './types.ts';

/** What the checks of one definition need to know about the rest of definitions/. */
export interface SemanticEnvironment {
  path: string;
  lookup: SchemaLookup;
  contextSchema: unknown;
  contextSchemaUri: string;
  flags: ReadonlySet<string>;
  endpoints: EndpointCatalogue['endpoints'];
  bundles: Bundles;
  report: (pointer: string, message: string) => void;
}

/** The top-level fields of the form of a step, with their schemas. */
export function stepFields(
  step: Step,
  env: SemanticEnvironment,
): Map<string, { schema: unknown; base: string }> {
  if (!step.form) return new Map();
  return propertiesOf(step.form.schema, stepSchemaId(env.path, step.id), env.lookup) ?? new Map();
}
