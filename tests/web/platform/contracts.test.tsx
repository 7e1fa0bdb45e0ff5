// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  createQueryClient,
  QUERY_STALE_TIME_MS,
  useContracts,
  type ContractsFetcher,
} from '../../../apps/web/src/platform/index.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe('the query cache', () => {
  it('keeps data fresh for 60 s', () => {
    expect(QUERY_STALE_TIME_MS).toBe(60_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(60_000);
  });
});

describe('useContracts', () => {
  it('starts loading and then lists the partner’s contracts', async () => {
    const fetcher: ContractsFetcher = async (partner) => [
      { vertragsnummer: 'AS-10000101', produkt: `PHV von ${partner}` },
    ];
    const { result } = renderHook(() => useContracts('2000101', fetcher), { wrapper });
    expect(result.current).toEqual({ contracts: [], loading: true, apiError: false });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.contracts).toEqual([
      { vertragsnummer: 'AS-10000101', produkt: 'PHV von 2000101' },
    ]);
    expect(result.current.apiError).toBe(false);
  });

  it('sets the api-error flag when the contract fetch fails', async () => {
    const fetcher: ContractsFetcher = async () => {
      throw new Error('503');
    };
    const { result } = renderHook(() => useContracts('2000101', fetcher), { wrapper });
    await waitFor(() => expect(result.current.apiError).toBe(true));
    expect(result.current.loading).toBe(false);
    expect(result.current.contracts).toEqual([]);
  });
});
