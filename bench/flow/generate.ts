// Writes the benchmark's long-step flows (one step of N plain text fields) into an output folder:
// each definition, its German bundle and its precompiled validators, made by the project's own
// definitions check and codegen, plus an index module the "ours" page imports.
// Usage: tsx bench/flow/generate.ts <outDir> <n>...
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkDefinitionSet, formatCheckError } from '#engine';
import { readJsonFiles } from '../../codegen/schemaFiles.ts';
import { generateValidators, validatorName } from '../../codegen/generateValidators.ts';

/** Step id of the long step in every bench flow. */
const STEP = 'felder';

/** Property name of field i (1-based), sorted like the rendering order. */
export const fieldName = (i: number): string => `feld${String(i).padStart(3, '0')}`;

/** What the typed (first) field's answer switches: rules read it like the rules of real flows. */
const TYPED = fieldName(1);
const read = { var: `data.${STEP}.${TYPED}` };

/**
 * The long step with the rules real flows have on a step: required fields (the schema's and
 * `requiredWhen` rules reading the typed field), an if/then on the typed field, fields hidden by
 * `irrelevantWhen` rules reading it, a constraint between fields, and a following step whose
 * `visibleWhen` reads it (before a last step that sends).
 */
function flowFiles(n: number): { definition: object; bundle: object } {
  const names = Array.from({ length: n }, (_, i) => fieldName(i + 1));
  const last = names.slice(-Math.min(5, Math.max(0, n - 1)));
  const required = names.slice(1, Math.min(n, 11));
  const typedRule = (value: string) => ({ '==': [read, value] });
  const definition = {
    id: `bench-n${n}`,
    version: 1,
    kind: 'claim',
    brands: ['andsafe'],
    roles: ['claimant'],
    baseRoute: `/bench-n${n}`,
    i18nNamespace: `bench-n${n}`,
    titleKey: 'title',
    steps: [
      {
        id: STEP,
        i18nPrefix: 'Felder',
        form: {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              names.map((name) => [name, { type: 'string', maxLength: 50 }]),
            ),
            required,
            // A longer typed answer allows a longer second answer (rules on the typed field).
            if: { properties: { [TYPED]: { type: 'string', minLength: 5 } } },
            then: { properties: { [names[1] ?? TYPED]: { type: 'string', maxLength: 50 } } },
            else: { properties: { [names[1] ?? TYPED]: { type: 'string', maxLength: 40 } } },
          },
          uiSchema: {},
          requiredWhen: Object.fromEntries(last.map((name) => [name, typedRule('pflicht')])),
          irrelevantWhen: Object.fromEntries(last.map((name) => [name, typedRule('verbergen')])),
          constraints: [
            {
              field: TYPED,
              rule: { '!=': [read, { var: `data.${STEP}.${names[1] ?? TYPED}` }] },
              messageKey: 'Felder.gleich',
            },
          ],
        },
      },
      {
        id: 'danach',
        i18nPrefix: 'Danach',
        visibleWhen: { '!=': [read, 'ohne'] },
        form: {
          schema: { type: 'object', properties: { bemerkung: { type: 'string', maxLength: 50 } } },
          uiSchema: {},
        },
      },
      {
        id: 'ende',
        i18nPrefix: 'Ende',
        form: {
          schema: { type: 'object', properties: { zustimmung: { type: 'boolean' } } },
          uiSchema: {},
        },
        onLeave: {
          endpoint: 'contract-type',
          params: { id: 'bench' },
          onSuccess: { go: 'stay' },
          onFailure: { go: 'stay' },
        },
      },
    ],
  };
  const bundle = {
    title: `Benchmark mit ${n} Feldern`,
    Felder: {
      title: 'Eine lange Seite',
      gleich: 'Feld 1 und Feld 2 dürfen nicht gleich sein.',
      ...Object.fromEntries(names.map((name, i) => [name, { label: `Feld ${i + 1}` }])),
    },
    Danach: { title: 'Danach', bemerkung: { label: 'Bemerkung' } },
    Ende: { title: 'Ende', zustimmung: { label: 'Zustimmung' } },
  };
  return { definition, bundle };
}

const [outArg, ...counts] = process.argv.slice(2);
if (!outArg || counts.length === 0) throw new Error('usage: generate.ts <outDir> <n>...');
const out = resolve(outArg);
mkdirSync(out, { recursive: true });
const root = process.cwd();
const files = readJsonFiles(root);
const sizes = counts.map(Number);
for (const n of sizes) {
  const { definition, bundle } = flowFiles(n);
  files.push({ path: `definitions/claims/bench-n${n}.json`, text: JSON.stringify(definition) });
  files.push({ path: `definitions/locales/de/bench-n${n}.json`, text: JSON.stringify(bundle) });
}
const { errors, definitions } = checkDefinitionSet(files);
if (errors.length > 0) {
  for (const error of errors) process.stderr.write(`${formatCheckError(error)}\n`);
  process.exit(1);
}
const schemas = new Map(
  files
    .filter((f) => f.path.startsWith('definitions/schema/'))
    .map((f) => [f.path, JSON.parse(f.text) as unknown]),
);
// The generated module imports the engine relative to generated/validators/; point it at the repo.
const engineDir = relative(out, join(root, 'engine')).split('\\').join('/');
const lines: string[] = [];
for (const n of sizes) {
  const parsed = definitions.find((d) => d.value.id === `bench-n${n}`);
  if (!parsed) throw new Error(`bench-n${n} did not pass the definitions check`);
  const { js } = generateValidators(schemas, parsed);
  writeFileSync(join(out, `validators-n${n}.js`), js.replaceAll('../../engine/', `${engineDir}/`));
  writeFileSync(join(out, `definition-n${n}.json`), JSON.stringify(parsed.value));
  writeFileSync(join(out, `bundle-n${n}.json`), JSON.stringify(flowFiles(n).bundle));
  lines.push(
    `import definition${n} from './definition-n${n}.json';`,
    `import bundle${n} from './bundle-n${n}.json';`,
    `import { ${validatorName(STEP)} as validate${n} } from './validators-n${n}.js';`,
  );
}
lines.push(
  '',
  `export const STEP = '${STEP}';`,
  'export const flows = {',
  ...sizes.map(
    (n) =>
      `  ${n}: { definition: definition${n}, bundle: bundle${n}, validators: { ${STEP}: validate${n} } },`,
  ),
  '};',
  '',
);
writeFileSync(join(out, 'index.js'), lines.join('\n'));
process.stdout.write(`bench flows: ${sizes.map((n) => `n=${n}`).join(', ')} -> ${out}\n`);
