// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FlagsProvider,
  flagStore,
  useFlags,
  type FlagStore,
} from '../../../apps/web/src/platform/index.ts';

let renders = 0;
function Show() {
  const flags = useFlags();
  renders += 1;
  return <p>{JSON.stringify(flags)}</p>;
}

afterEach(cleanup);

const showWith = (store: FlagStore) =>
  render(
    <FlagsProvider store={store}>
      <Show />
    </FlagsProvider>,
  );

describe('useFlags', () => {
  it('gives the defaults of definitions/flags.json outside a provider', () => {
    render(<Show />);
    expect(screen.getByText(/"enable-vehicle-insurance-claim-report":false/)).toBeInTheDocument();
  });

  it("gives the store's values inside the provider", () => {
    const store = flagStore({ 'enable-vehicle-insurance-claim-report': true });
    showWith(store);
    expect(screen.getByText('{"enable-vehicle-insurance-claim-report":true}')).toBeInTheDocument();
  });

  it('renders again when the values arrive, and only when one differs', () => {
    const store = flagStore({ 'enable-vehicle-insurance-claim-report': false });
    showWith(store);
    expect(screen.getByText('{"enable-vehicle-insurance-claim-report":false}')).toBeInTheDocument();
    const before = renders;
    act(() => store.set({ 'enable-vehicle-insurance-claim-report': false }));
    expect(renders).toBe(before);
    act(() => store.set({ 'enable-vehicle-insurance-claim-report': true }));
    expect(screen.getByText('{"enable-vehicle-insurance-claim-report":true}')).toBeInTheDocument();
    expect(renders).toBe(before + 1);
  });
});
