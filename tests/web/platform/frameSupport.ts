import { vi } from 'vitest';

/** A window stand-in: listeners, a recorded postMessage and a way to deliver a message event. */
export interface FakeWindow {
  addEventListener: (type: string, listener: (event: MessageEvent<unknown>) => void) => void;
  removeEventListener: (type: string, listener: (event: MessageEvent<unknown>) => void) => void;
  postMessage: ReturnType<typeof vi.fn>;
  deliver: (event: { origin: string; source: unknown; data: unknown }) => void;
}

/** A fresh fake window. */
export function fakeWindow(): FakeWindow {
  const listeners = new Set<(event: MessageEvent<unknown>) => void>();
  return {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    postMessage: vi.fn(),
    deliver: (event) => {
      for (const listener of listeners) listener(event as unknown as MessageEvent<unknown>);
    },
  };
}

/** A window as the frame modules' option types want it. */
export const asWindow = <T>(fake: FakeWindow): T => fake as unknown as T;
