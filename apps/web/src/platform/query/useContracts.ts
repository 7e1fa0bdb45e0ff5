import { useQuery } from '@tanstack/react-query';

/** One contract of the customer's list (the fields the list shows). */
export interface ContractListItem {
  vertragsnummer: string;
  produkt: string;
}

/** Loads a partner's contracts; rejects when the call fails. */
export type ContractsFetcher = (partnerNummer: string) => Promise<ContractListItem[]>;

/** What the contract list renders from. */
export interface ContractsState {
  contracts: ContractListItem[];
  /** True until the first answer (or failure). */
  loading: boolean;
  /** True when the contract fetch failed. */
  apiError: boolean;
}

/** The signed-in partner's contracts through the query cache (skeleton of the contracts view). */
export function useContracts(partnerNummer: string, fetcher: ContractsFetcher): ContractsState {
  const query = useQuery({
    queryKey: ['contracts', partnerNummer],
    queryFn: () => fetcher(partnerNummer),
  });
  return { contracts: query.data ?? [], loading: query.isPending, apiError: query.isError };
}
