import { memoryStorage } from '../../../../renderer/store/persistence.ts';

export { memoryStorage };

/**
 * The window's sessionStorage, or an in-memory one when reading it throws: browsers deny storage
 * to an embedded platform on another site (third-party iframe), and the app must still start.
 */
export function sessionStorageOf(win: Pick<Window, 'sessionStorage'>): Storage {
  try {
    const storage = win.sessionStorage;
    storage.getItem('probe');
    return storage;
  } catch {
    return memoryStorage();
  }
}
