// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FlagsProvider, useFlags } from '../../../apps/web/src/platform/index.ts';

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
});
