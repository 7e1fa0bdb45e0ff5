import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `extra` laid over `base`: objects merged key by key, lists extended by new items, else `extra`. */
function overlay(base: Json, extra: Json): Json {
  if (isObject(base) && isObject(extra)) {
    const merged: Record<string, Json> = { ...base };
    for (const [key, value] of Object.entries(extra)) merged[key] = overlay(base[key], value);
    return merged;
  }
  if (Array.isArray(base) && Array.isArray(extra))
    return [...base, ...extra.filter((item) => !base.includes(item))];
  return extra;
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/**
 * A copy of the repository's definitions/ and generated/ with a fixture's definitions laid over it
 * (tests/fixtures/<name>/definitions: what a product owner adds for a line; a JSON file that
 * exists already is merged into it, objects key by key and lists extended). Answers the copy's
 * root, for a server's `definitionsRoot` and for `readJsonFiles` (definitions:check of the copy).
 * Then the project's codegen runs over the copy, as a product owner runs `npm run codegen`, so a
 * fixture may add a flow: generated/ of the copy holds its bundled definition and validators.
 * Throws with codegen's output when the copy has problems (definitions:check names them).
 */
export function definitionsWithFixture(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `definitions-${name}-`));
  for (const folder of ['definitions', 'generated'])
    cpSync(folder, join(root, folder), { recursive: true });
  const fixture = join('tests', 'fixtures', name, 'definitions');
  for (const file of filesUnder(fixture)) {
    const target = join(root, 'definitions', file);
    const text = readFileSync(join(fixture, file), 'utf8');
    if (file.endsWith('.json') && existsSync(target)) {
      const merged = overlay(JSON.parse(readFileSync(target, 'utf8')), JSON.parse(text));
      writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
    } else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  }
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join('codegen', 'cli', 'generate.ts'), '--root', root],
    { stdio: 'pipe' },
  );
  return root;
}
