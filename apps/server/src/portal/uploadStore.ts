import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Limits and place of uploads (ServerOptions.uploads). */
export interface UploadOptions {
  /** Directory of the stored bytes (default .data/uploads). */
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
  dir: string;
  maxSizeBytes: number;
  maxCount: number;
  slotMinutes: number;
}

/** Defaults filled in, directory made absolute. */
export function uploadConfigOf(options: UploadOptions = {}): UploadConfig {
  return {
    dir: resolve(options.dir ?? '.data/uploads'),
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

/** Writes the bytes of a storage key. */
export async function storeBytes(
  config: UploadConfig,
  key: string,
  bytes: Uint8Array,
): Promise<void> {
  await mkdir(config.dir, { recursive: true });
  await writeFile(join(config.dir, key), bytes);
}

/** Reads the bytes of a storage key, or null when they are gone (seeded keys have none). */
export async function readBytes(config: UploadConfig, key: string): Promise<Buffer | null> {
  if (!/^[0-9a-f-]{36}$/.test(key)) return null;
  return readFile(join(config.dir, key)).catch(() => null);
}
