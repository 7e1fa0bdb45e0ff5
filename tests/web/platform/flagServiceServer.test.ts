import { describe, expect, it } from 'vitest';
import { loadFlags } from '../../../apps/web/src/platform/index.ts';

describe('the client-side flag service on the server', () => {
  it('throws, because there is no window', async () => {
    expect(typeof window).toBe('undefined');
    await expect(
      loadFlags({ clientId: 'x', origin: 'http://localhost', userId: 'user-1234', defaults: {} }),
    ).rejects.toThrow('can only run in a browser');
  });
});
