import type { WizardDefinition } from './types.ts';

type Report = (pointer: string, message: string) => void;

/**
 * Checks a flow offered for existing contracts (`forContracts`): it is an application, none of its
 * variants is public, and every route it runs under carries the contract number in the declared
 * route parameter (the server and the contract page read it there).
 */
export function checkForContracts(def: WizardDefinition, report: Report): void {
  const offer = def.forContracts;
  if (!offer) return;
  if (def.kind !== 'application')
    report('/forContracts', 'only an application flow is offered for existing contracts');
  const segment = `{${offer.routeParam}}`;
  const routes = def.variants?.length
    ? def.variants.map((variant, i) => ({
        pointer: `/variants/${i}`,
        route: variant.baseRoute,
        roles: variant.roles,
      }))
    : [{ pointer: '', route: def.baseRoute, roles: def.roles }];
  for (const { pointer, route, roles } of routes) {
    if (!route.includes(segment))
      report(
        `${pointer}/baseRoute`,
        `the flow is offered for contracts: its route must carry the contract number as ${segment} (forContracts.routeParam)`,
      );
    if (roles.includes('claimant'))
      report(
        `${pointer}/roles`,
        'a flow for existing contracts needs a signed-in customer or agent: no variant may be public (claimant)',
      );
  }
}
