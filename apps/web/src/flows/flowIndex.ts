import { flows, type FlowEntry } from '../../../../generated/definitions/index.ts';

/** Fills `{name}` segments of a route with URL-encoded values. */
export function fillRoute(route: string, values: Readonly<Record<string, string>>): string {
  return route.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/**
 * The application flows offered under a brand in one variant (customer, advice, agent), in the
 * order of the flow index. Nothing here names a line: a new definition appears by itself.
 */
export function applicationEntries(brand: string, variant: string): FlowEntry[] {
  return flows.filter(
    (entry) =>
      entry.kind === 'application' &&
      entry.variant === variant &&
      (entry.brands as readonly string[]).includes(brand),
  );
}

/**
 * The claim flows a claimant starts from nothing under a brand: those whose route has no
 * parameter (the claim entry, not the product's claim report it forwards to).
 */
export function claimEntries(brand: string): FlowEntry[] {
  return flows.filter(
    (entry) =>
      entry.kind === 'claim' &&
      !entry.baseRoute.includes('{') &&
      (entry.brands as readonly string[]).includes(brand),
  );
}

/** The entry of one variant of a flow, if the flow has it. */
export function flowVariant(flowId: string, variant: string): FlowEntry | undefined {
  return flows.find((entry) => entry.id === flowId && entry.variant === variant);
}

/** The agent route of an application flow for a customer, or undefined when it has none. */
export function agentApplicationPath(flowId: string, partnerNummer: string): string | undefined {
  const entry = flowVariant(flowId, 'agent');
  return entry ? fillRoute(entry.baseRoute, { partnerNummer }) : undefined;
}
