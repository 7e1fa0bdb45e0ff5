// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createQueryClient,
  FlagsProvider,
  PlatformProviders,
  useFlags,
  type FlagValues,
} from '../../../apps/web/src/platform/index.ts';

function Show() {
  const flags = useFlags();
  return <p>{JSON.stringify(flags)}</p>;
}

afterEach(cleanup);

describe('useFlags', () => {
  it('gives the defaults of definitions/flags.json outside a provider', () => {
    render(<Show />);
    expect(screen.getByText(/"enable-vehicle-insurance-claim-report":false/)).toBeInTheDocument();
  });

  it('gives the loaded values inside the provider', () => {
    render(
      <FlagsProvider values={{ 'enable-vehicle-insurance-claim-report': true }}>
        <Show />
      </FlagsProvider>,
    );
    expect(screen.getByText('{"enable-vehicle-insurance-claim-report":true}')).toBeInTheDocument();
  });

  it('renders on the defaults at once and applies the service’s values when they arrive', async () => {
    let arrive: (values: FlagValues) => void = () => undefined;
    const loadFlags = vi.fn(() => new Promise<FlagValues>((resolve) => (arrive = resolve)));
    const defaults = { 'enable-vehicle-insurance-claim-report': false };
    render(
      <PlatformProviders
        platform={{
          flags: defaults,
          loadFlags,
          queryClient: createQueryClient(),
          frame: undefined,
        }}
      >
        <Show />
      </PlatformProviders>,
    );
    expect(screen.getByText('{"enable-vehicle-insurance-claim-report":false}')).toBeInTheDocument();
    expect(loadFlags).toHaveBeenCalled();
    await act(async () => arrive({ 'enable-vehicle-insurance-claim-report': true }));
    expect(screen.getByText('{"enable-vehicle-insurance-claim-report":true}')).toBeInTheDocument();
  });
});
