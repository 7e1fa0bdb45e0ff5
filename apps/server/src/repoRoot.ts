import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (definitions/ and generated/ are read from it). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
