// `npm run definitions:check`: checks every file under definitions/ and prints one line per
// problem (file:line:column pointer: message). Exits non-zero on any problem.
import { performance } from 'node:perf_hooks';
import { checkDefinitionSet, formatCheckError } from '#engine';
import { readJsonFiles } from '../schemaFiles.ts';

const started = performance.now();
const files = readJsonFiles(process.cwd());
const { errors, definitions } = checkDefinitionSet(files);
const ms = Math.round(performance.now() - started);

for (const error of errors) process.stderr.write(`${formatCheckError(error)}\n`);
const summary = `definitions:check: ${files.length} files, ${definitions.length} flow definitions, ${errors.length} problem${errors.length === 1 ? '' : 's'}, ${ms} ms`;
process.stdout.write(`${summary}\n`);
process.exit(errors.length > 0 ? 1 : 0);
