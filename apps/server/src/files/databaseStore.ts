import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { files } from '../db/schema/index.ts';
import { STORAGE_KEY, type FileStore } from './fileStore.ts';

/**
 * The embedded file store: the bytes in the table `files` of the platform's database (PGlite or
 * PostgreSQL), so several server processes on one PostgreSQL share them with no further setup.
 * `legacyDir` is the folder earlier versions wrote uploads to (`.data/uploads`): a key not in the
 * table is still read from there, nothing is written there.
 */
export function databaseFileStore(db: Db, legacyDir?: string): FileStore {
  return {
    kind: 'database',
    put: async (key, bytes, _contentType, within) => {
      const value = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await (within ?? db)
        .insert(files)
        .values({ key, bytes: value })
        .onConflictDoUpdate({ target: files.key, set: { bytes: value } });
    },
    get: async (key) => {
      if (!STORAGE_KEY.test(key)) return null;
      const [row] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.key, key));
      if (row) return row.bytes;
      return legacyDir ? readFile(join(legacyDir, key)).catch(() => null) : null;
    },
    delete: async (key) => {
      await db.delete(files).where(eq(files.key, key));
    },
  };
}
