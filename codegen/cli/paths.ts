// `npm run definitions:paths`: every distinct path through each flow and variant, with example
// answers that take it, written to generated/paths/ (the fixtures the engine test and the
// accessibility sweep walk; `npm run codegen:check` fails when they are stale). Prints the counts.
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkDefinitionSet, formatCheckError } from '#engine';
import { readJsonFiles } from '../schemaFiles.ts';
import { generatePaths } from '../generatePaths.ts';

const root = process.cwd();
const { errors, definitions, ajv } = checkDefinitionSet(readJsonFiles(root));
if (errors.length > 0) {
  for (const error of errors) process.stderr.write(`${formatCheckError(error)}\n`);
  process.stderr.write(
    'definitions:paths: fix the definitions first (npm run definitions:check)\n',
  );
  process.exit(1);
}
const { outputs, summary } = generatePaths(definitions, ajv);
let written = 0;
for (const [path, text] of outputs) {
  const file = join(root, path);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written++;
}
for (const line of summary) process.stdout.write(`${line}\n`);
process.stdout.write(`definitions:paths: ${outputs.size} flows, ${written} fixtures written\n`);
