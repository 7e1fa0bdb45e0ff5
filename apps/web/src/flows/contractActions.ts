import { appliesToContract } from '../../../../engine/wizard/contractOffer.ts';
import { flows, type FlowEntry } from '../../../../generated/definitions/index.ts';

// Apart from flowIndex.ts: the rule engine this needs stays out of the home page's bundle.

/** The variant a flow entry runs as: its own, or for a flow without variants the customer's. */
const variantOf = (entry: FlowEntry): string | undefined =>
  entry.variant ?? (entry.roles.includes('benutzer') ? 'customer' : undefined);

/**
 * The flows offered for a contract under a brand in one variant (customer, agent): the actions of
 * a contract page (the self-service changes, a change of tariff), exactly those whose offer
 * (`forContracts`: products and the rule `when` over the contract) applies to this contract on
 * `today`. Nothing here names a change: a new definition appears by itself.
 */
export function contractActions(
  brand: string,
  variant: string,
  contract: Readonly<Record<string, unknown>>,
  today: string,
): FlowEntry[] {
  return flows.filter(
    (entry) =>
      variantOf(entry) === variant &&
      (entry.brands as readonly string[]).includes(brand) &&
      appliesToContract(entry.forContracts, contract, today),
  );
}

/** The customer's flows of a service page (umzugsservice) that apply to a contract on `today`. */
export function serviceActions(
  brand: string,
  service: string,
  contract: Readonly<Record<string, unknown>>,
  today: string,
): FlowEntry[] {
  return contractActions(brand, 'customer', contract, today).filter((entry) =>
    (entry.forContracts?.services as readonly string[] | undefined)?.includes(service),
  );
}
