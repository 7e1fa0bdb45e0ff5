import { createHash, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { FileStore } from '../files/fileStore.ts';
import type { Db } from '../db/database.ts';

/** Limits and place of uploads (ServerOptions.uploads). */
export interface UploadOptions {
  /**
   * The folder earlier versions stored uploads in (default .data/uploads): read when a file is
   * not in the database store, never written (files/databaseStore.ts).
   */
  dir?: string;
  /** Largest file in bytes (default 10 MiB). */
  maxSizeBytes?: number;
  /** Most files a caller may hold before attaching them, and per message (default 10). */
  maxCount?: number;
  /** Minutes an empty slot stays valid (default 30). */
  slotMinutes?: number;
}

/** The resolved upload configuration. */
export interface UploadConfig {
  /** Where the bytes are kept: the database, or an S3 bucket (files/). */
  files: FileStore;
  maxSizeBytes: number;
  maxCount: number;
  slotMinutes: number;
}

/** The folder of earlier versions' uploads, absolute (read only: files/databaseStore.ts). */
export function legacyUploadDir(options: UploadOptions = {}): string {
  return resolve(options.dir ?? '.data/uploads');
}

/** Defaults filled in, with the store of the bytes. */
export function uploadConfigOf(options: UploadOptions, files: FileStore): UploadConfig {
  return {
    files,
    maxSizeBytes: options.maxSizeBytes ?? 10 * 1024 * 1024,
    maxCount: options.maxCount ?? 10,
    slotMinutes: options.slotMinutes ?? 30,
  };
}

/** A server-made storage name: never derived from anything the client sent. */
export function newStorageKey(): string {
  return randomUUID();
}

/** The SHA-256 of bytes, hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Writes the bytes of a storage key to the file store; `within`: the caller's open transaction,
 * which the database store writes in.
 */
export async function storeBytes(
  config: UploadConfig,
  key: string,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
  within?: Db,
): Promise<void> {
  await config.files.put(key, bytes, contentType, within);
}

/** Reads the bytes of a storage key, or null when they are gone (seeded keys have none). */
export async function readBytes(config: UploadConfig, key: string): Promise<Buffer | null> {
  return config.files.get(key);
}
