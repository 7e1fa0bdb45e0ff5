import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Root folder of the definitions, relative to the repository root. */
export const DEFINITIONS_DIR = 'definitions';

/** One JSON file under definitions/, as text, with its path relative to the repository root. */
export interface DefinitionFile {
  path: string;
  text: string;
}

/** Reads every .json file under a folder (sorted, with forward-slash paths). */
export function readJsonFiles(root: string, dir: string = DEFINITIONS_DIR): DefinitionFile[] {
  const files: DefinitionFile[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) {
        files.push({
          path: relative(root, full).split(sep).join('/'),
          text: readFileSync(full, 'utf8'),
        });
      }
    }
  };
  walk(join(root, dir));
  return files;
}
