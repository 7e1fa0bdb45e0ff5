import { flows, type FlowEntry } from '../../../../generated/definitions/index.ts';

/** Fills `{name}` segments of a route with URL-encoded values. */
export function fillRoute(route: string, values: Readonly<Record<string, string>>): string {
  return route.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/**
 * The new applications offered under a brand in one variant (customer, advice, agent), in the
 * order of the flow index; a flow offered for existing contracts (a change of tariff) is no new
 * application and is left out. Nothing here names a line: a new definition appears by itself.
 */
export function applicationEntries(brand: string, variant: string): FlowEntry[] {
  return flows.filter(
    (entry) =>
      entry.kind === 'application' &&
      entry.forContracts === undefined &&
      entry.variant === variant &&
      (entry.brands as readonly string[]).includes(brand),
  );
}

/** The applications anyone may start under a brand (the public home page): public variants only. */
export function publicApplicationEntries(brand: string, variant: string): FlowEntry[] {
  return applicationEntries(brand, variant).filter((entry) => entry.roles.includes('claimant'));
}

/** The route of a contract action for a contract (and, for an agent, its customer). */
export function contractActionPath(
  entry: FlowEntry,
  versicherungsNummer: string,
  partnerNummer?: string,
): string {
  const param = entry.forContracts?.routeParam ?? '';
  return fillRoute(entry.baseRoute, {
    [param]: versicherungsNummer,
    ...(partnerNummer === undefined ? {} : { partnerNummer }),
  });
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

/**
 * The keys of a flow's product name in the common bundle, most specific first: its partner
 * product identifier (two flows may share a product code) and then its code. Pass to t().
 */
export function productNameKeys(entry: FlowEntry | undefined): string[] {
  return [
    ...(entry?.productIdentifier ? [`common:products.${entry.productIdentifier}`] : []),
    `common:products.${entry?.product ?? ''}`,
  ];
}

/** The entry of one variant of a flow, if the flow has it. */
export function flowVariant(flowId: string, variant: string): FlowEntry | undefined {
  return flows.find((entry) => entry.id === flowId && entry.variant === variant);
}

/**
 * The agent route of an application flow for a customer (and, for a flow offered for existing
 * contracts, the contract), or undefined when it has none.
 */
export function agentApplicationPath(
  flowId: string,
  partnerNummer: string,
  versicherungsNummer?: string | null,
): string | undefined {
  const entry = flowVariant(flowId, 'agent');
  if (!entry) return undefined;
  const param = entry.forContracts?.routeParam;
  return fillRoute(entry.baseRoute, {
    partnerNummer,
    ...(param && versicherungsNummer ? { [param]: versicherungsNummer } : {}),
  });
}
