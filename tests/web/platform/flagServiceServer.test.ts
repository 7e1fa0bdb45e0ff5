import { describe, expect, it } from 'vitest';
import { startFlagClient } from '../../../apps/web/src/platform/index.ts';

describe('the client-side flag service on the server', () => {
  it('throws, because there is no window', async () => {
    expect(typeof window).toBe('undefined');
    await expect(
      startFlagClient({
        clientId: 'x',
        origin: 'http://localhost',
        userId: 'user-1234',
        defaults: {},
        onChange: () => undefined,
      }),
    ).rejects.toThrow('can only run in a browser');
  });
});
