import type { Db } from '../db/database.ts';

/**
 * Where the platform keeps files (uploads, PDFs placed in a Postfach): the database by default
 * (files/databaseStore.ts), an S3 bucket when one is configured (files/s3Store.ts). Every server
 * process reads what another wrote; keys are server-made (uploads.storage_key), never a client's.
 */
export interface FileStore {
  /** `database` (embedded default) or `s3`. */
  kind: 'database' | 's3';
  /**
   * Stores the bytes of a key (a repeat with the same key replaces them). `within` is the
   * caller's open transaction: the database store writes in it, so the file commits or rolls back
   * with the row that names it (and PGlite's one connection is not asked for twice); a bucket
   * cannot join it.
   */
  put(key: string, bytes: Uint8Array, contentType: string, within?: Db): Promise<void>;
  /** The bytes of a key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a key's bytes (nothing when there are none). */
  delete(key: string): Promise<void>;
  /** Uploads straight from the browser to the store (presigned), when the store has them. */
  direct?: DirectUploads;
}

/**
 * Presigned uploads: the browser PUTs the bytes to a staging key of the bucket, then the server
 * takes them from there, checks them as any upload and files them under the final key (see
 * routes/uploads.ts). What is filed is what was checked: a later PUT to the staging key changes
 * nothing.
 */
export interface DirectUploads {
  /** The origin the browser sends the bytes to (the CSP's connect-src). */
  origin: string;
  /** A URL to PUT exactly `sizeBytes` bytes to the staging key of `key`, valid `expiresInSeconds`. */
  presignPut(key: string, sizeBytes: number, expiresInSeconds: number): Promise<string>;
  /**
   * The staged bytes of `key`: `missing` when nothing arrived, `tooLarge` when more than
   * `maxBytes` did (not read).
   */
  takeStaged(key: string, maxBytes: number): Promise<Staged>;
  /** Removes the staged bytes of `key`. */
  discardStaged(key: string): Promise<void>;
}

/** What {@link DirectUploads.takeStaged} found. */
export type Staged = { kind: 'missing' } | { kind: 'tooLarge' } | { kind: 'bytes'; bytes: Buffer };

/** A key the stores accept: the UUIDs the server makes (newStorageKey). */
export const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
