import { lookupText } from '#engine';
import type { Identity } from '../auth/index.ts';
import type { ServerFlow } from '../flows/flowAnswers.ts';
import { findVisibleContract } from '../contracts/access.ts';
import { isActive, toContractView, type ContractView } from '../contracts/contractView.ts';
import type { Db } from '../db/database.ts';
import type { GuardedOutcome } from '../idempotency/guard.ts';
import { openChangeOf, openChangeRefusal } from './openChange.ts';

/** 404 of a contract that is missing, another customer's, or not the named customer's. */
export const CONTRACT_NOT_FOUND: GuardedOutcome = {
  status: 404,
  body: { error: 'not-found', message: 'Diesen Vertrag haben wir nicht gefunden.' },
};

/** The contract a flow runs for, or the response to send instead. */
export type ContractForFlow = { contract: ContractView } | GuardedOutcome;

/** Narrows the result of {@link contractForFlow}. */
export const isContractFound = (value: ContractForFlow): value is { contract: ContractView } =>
  'contract' in value;

/**
 * The contract a flow offered for existing contracts (`forContracts`) is run for: it must be one
 * the caller may see (a customer their own, an agent its agency's customers') and belong to the
 * customer the flow runs for; otherwise the same 404 as a missing one. A contract of another
 * product, or one no longer active, gets 422 `vertrag-nicht-moeglich` with the flow's German
 * reason (`forContracts.refusalKey`); a contract with an open change (submitted, not yet handled)
 * gets the same 422 naming that application (openChange.ts). Nothing here names a line.
 */
export async function contractForFlow(
  db: Db,
  flow: ServerFlow,
  identity: Identity,
  partnerNummer: string,
  versicherungsNummer: string,
): Promise<ContractForFlow> {
  const { definition } = flow;
  const offer = definition.forContracts;
  if (!offer) return CONTRACT_NOT_FOUND;
  const row = await findVisibleContract(db, identity, versicherungsNummer);
  if (!row || row.partnerNummer !== partnerNummer) return CONTRACT_NOT_FOUND;
  if (!(offer.products as readonly string[]).includes(row.produkt) || !isActive(row.vertragsstatus))
    return {
      status: 422,
      body: {
        error: 'vertrag-nicht-moeglich',
        message:
          lookupText(flow.bundles, offer.refusalKey, definition.i18nNamespace) ??
          lookupText(flow.bundles, 'errors.default', 'common') ??
          '',
      },
    };
  const open = await openChangeOf(db, row.versicherungsNummer);
  if (open) return openChangeRefusal(flow, open);
  return { contract: await toContractView(db, row) };
}
