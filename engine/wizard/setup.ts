import type { WizardDefinition } from '../definition/types.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';

/** What the engine runs a definition with: the definition, its context and the API catalogue. */
export interface WizardSetup {
  definition: WizardDefinition;
  context: Record<string, unknown>;
  endpoints: EndpointCatalogue['endpoints'];
}
