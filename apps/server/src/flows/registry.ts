import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { WizardDefinition } from '#engine';
import { loadServerFlow, type ServerFlow } from './flowAnswers.ts';
import type { CatalogueLookup } from '#engine';
import type { Currency, Tariff, TariffCatalogue } from '../tariffs/index.ts';

/** An application flow the server serves: its checked definition, validators and texts, and tariffs. */
export interface ApplicationFlow {
  flow: ServerFlow;
  /**
   * The tariff whose rating prices the flow in a currency, the caller's brand's (definitions:check
   * makes sure there is exactly one for the currency of every brand the flow is offered under).
   */
  tariffIn(currency: Currency): Tariff | undefined;
  /** The catalogues its tariffs' rules read (those of the same definitions). */
  catalogues: CatalogueLookup;
}

/** The flows of generated/definitions, by id, as the server finds them. */
export interface FlowRegistry {
  /** A flow's definition, or undefined for an id that is no flow. */
  definition(id: string): WizardDefinition | undefined;
  /** Every flow's definition. */
  definitions(): WizardDefinition[];
  /** An application flow with its tariff (compiled on first use), or undefined. */
  application(id: string): ApplicationFlow | undefined;
  /** The ids of the flows that declare agent drafts. */
  draftFlows(): string[];
}

/**
 * The flow registry: every definition under generated/definitions is read on first use (so the
 * server starts, and its other calls work, before codegen ran), and each application flow is
 * compiled once when it is first asked for. Nothing here names a flow: a new line is a new file.
 */
export function createFlowRegistry(tariffs: TariffCatalogue, root = process.cwd()): FlowRegistry {
  let definitions: Map<string, WizardDefinition> | undefined;
  const compiled = new Map<string, ApplicationFlow>();
  const all = (): Map<string, WizardDefinition> => {
    if (definitions) return definitions;
    const dir = resolve(root, 'generated/definitions');
    definitions = new Map();
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const definition = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as WizardDefinition;
      definitions.set(definition.id, definition);
    }
    return definitions;
  };
  const ratingsOf = (id: string): readonly Tariff[] =>
    tariffs.all().filter((tariff) => tariff.rating?.flows.includes(id));
  return {
    definition: (id) => all().get(id),
    definitions: () => [...all().values()],
    application(id) {
      const definition = all().get(id);
      if (!definition || definition.kind !== 'application') return undefined;
      let entry = compiled.get(id);
      if (!entry) {
        const rated = ratingsOf(id);
        entry = {
          flow: loadServerFlow(id, root),
          tariffIn: (currency) => rated.find((tariff) => tariff.currency === currency),
          catalogues: tariffs.catalogues,
        };
        compiled.set(id, entry);
      }
      return entry;
    },
    draftFlows: () => [...all().values()].filter((d) => d.draft !== undefined).map((d) => d.id),
  };
}
