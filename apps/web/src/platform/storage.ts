/** A Storage kept in memory, for pages where the browser denies sessionStorage. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

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
