import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContractChange } from '../../../../generated/types/change.ts';
import { REPO_ROOT } from '../repoRoot.ts';

/** Folder of the change declarations (checked by `npm run definitions:check`). */
export const CHANGES_DIR = join(REPO_ROOT, 'definitions', 'changes');

/** The change declarations of definitions/changes/, by id (none when the folder is missing). */
export function loadChanges(dir: string = CHANGES_DIR): Map<string, ContractChange> {
  const changes = new Map<string, ContractChange>();
  if (!existsSync(dir)) return changes;
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const change = JSON.parse(readFileSync(join(dir, name), 'utf8')) as ContractChange;
    changes.set(change.id, change);
  }
  return changes;
}
