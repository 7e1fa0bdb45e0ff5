import { describe, expect, it } from 'vitest';
import { sessionStorageOf } from '../../../apps/web/src/platform/index.ts';

describe('sessionStorageOf', () => {
  it('falls back to memory when the browser denies sessionStorage to an embedded page', () => {
    const denied = {
      get sessionStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    };
    const storage = sessionStorageOf(denied);
    storage.setItem('platform.brand', 'hfk');
    expect(storage.getItem('platform.brand')).toBe('hfk');
    expect(storage.length).toBe(1);
  });
});
