import { flows, type FlowEntry } from '../../../../generated/definitions/index.ts';
import { fillRoute } from './flowIndex.ts';

/**
 * The route of the flow that completes a contract task (its `forContracts.tasks` names the task's
 * type) for a contract, or undefined when no flow of the brand does. No task is named here.
 */
export function taskFlowPath(
  brand: string,
  typ: string,
  versicherungsNummer: string,
): string | undefined {
  const entry: FlowEntry | undefined = flows.find(
    (candidate) =>
      (candidate.forContracts?.tasks as readonly string[] | undefined)?.includes(typ) === true &&
      (candidate.brands as readonly string[]).includes(brand) &&
      candidate.roles.includes('benutzer'),
  );
  if (!entry?.forContracts) return undefined;
  return fillRoute(entry.baseRoute, { [entry.forContracts.routeParam]: versicherungsNummer });
}
