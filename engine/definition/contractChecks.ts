import type { WizardDefinition } from './types.ts';

type Report = (pointer: string, message: string) => void;

/**
 * Checks a flow offered for existing contracts (`forContracts`): it is an application (naming its
 * products) or a self-service change (loading the contract as context.contract), none of its
 * variants is public, and every route it runs under carries the contract number in the declared
 * route parameter (the server and the contract page read it there).
 */
export function checkForContracts(def: WizardDefinition, report: Report): void {
  const offer = def.forContracts;
  if (!offer) return;
  if (def.kind === 'claim')
    report('/forContracts', 'a claim flow is not offered for existing contracts');
  if (def.kind === 'application' && !offer.products)
    report(
      '/forContracts',
      'an application for existing contracts must name its products (the server checks the contract against them)',
    );
  if (def.kind === 'self-service' && !def.load?.['contract'])
    report(
      '/forContracts',
      'a self-service change must load the contract it changes (load.contract): the contract page and its route decide with it whether the change applies',
    );
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
