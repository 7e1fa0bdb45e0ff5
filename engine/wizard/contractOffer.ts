import { ruleHolds } from '../rules/evaluate.ts';
import type { WizardDefinition } from '../definition/types.ts';

/** A flow's offer for existing contracts (`forContracts`), as the definition or the flow index has it. */
export type ContractOffer = Pick<
  NonNullable<WizardDefinition['forContracts']>,
  'products' | 'when'
>;

/**
 * Whether a flow offered for existing contracts applies to a contract: the contract's product is
 * one of the offer's products (any when it names none) and the offer's rule `when` holds over the
 * contract view as context.contract and the day as context.today. The contract page lists exactly
 * the flows this admits; a flow's route refuses every other contract with its German reason.
 */
export function appliesToContract(
  offer: ContractOffer | undefined,
  contract: Readonly<Record<string, unknown>>,
  today: string,
): boolean {
  if (!offer) return false;
  const produkt = contract['produkt'];
  if (offer.products && !(offer.products as readonly unknown[]).includes(produkt)) return false;
  if (offer.when === undefined) return true;
  return ruleHolds(offer.when, { context: { contract, today } });
}
