import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './queryLayer.ts';

/** Most answers one cache keeps; the oldest goes first. */
const MAX_ENTRIES = 2_000;

/**
 * Answers of reads, kept until the next write. Safe only where this process is the database's one
 * writer: embedded PGlite, whose data directory no other process can open. Every statement that
 * is not a plain SELECT, and every transaction, clears it before and after it runs, and an
 * answer read while a write ran is not kept.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, unknown>();

  /** Forgets everything (a write starts or ends). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** The kept answer of `key`, or reads it with `load` and keeps it unless a write ran meanwhile. */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, value);
    }
    return value;
  }
}

const caches = new WeakMap<Db, ReadCache>();

/** The read cache of a database handle: only PGlite's root handle has one (not a transaction's). */
export function readCacheOf(db: Db): ReadCache | undefined {
  return caches.get(db);
}

/** Registers the read cache of a database handle (database.ts, for PGlite). */
export function attachReadCache(db: Db, cache: ReadCache): void {
  caches.set(db, cache);
}

const isPlainSelect = (text: unknown): boolean =>
  typeof text === 'string' && /^\s*select\b/i.test(text) && !/\bfor\s+(update|share)\b/i.test(text);

/**
 * The PGlite client as drizzle gets it: the same object, except that `query`, `exec` and
 * `transaction` clear the cache around every statement that may write.
 */
export function trackWrites(client: PGlite, cache: ReadCache): PGlite {
  const around = async <T>(writes: boolean, run: () => Promise<T>): Promise<T> => {
    if (!writes) return run();
    cache.invalidate();
    try {
      return await run();
    } finally {
      cache.invalidate();
    }
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (property === 'query' || property === 'exec' || property === 'sql')
        return (...args: unknown[]) =>
          around(property !== 'query' || !isPlainSelect(args[0]), async () => method(...args));
      if (property === 'transaction')
        return (...args: unknown[]) => around(true, async () => method(...args));
      return method;
    },
  });
}
