import { checkChangeSet } from './changeChecks.ts';
import { checkDataChangeSet } from './dataChangeChecks.ts';
import type { ContractDataChange } from '../../generated/types/contract-data.ts';
import type { ContractChange } from '../../generated/types/change.ts';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { schemaHostFor } from './schemaHost.ts';
import { describeAjvErrors } from './ajvErrors.ts';
import { checkDefinitionSemantics } from './semantic.ts';
import { checkApplicationSet } from './applicationChecks.ts';
import {
  checkCatalogue,
  checkCatalogueLookups,
  checkNoCatalogueInFlow,
} from './catalogueChecks.ts';
import type { Catalogue } from '../../generated/types/catalogue.ts';
import { checkDocumentSet, checkDocumentsSection } from './documentChecks.ts';
import { checkIssueSection } from './issueChecks.ts';
import { checkTariffParts, tariffPartUris } from './partChecks.ts';
import type { StaticDocument } from '../../generated/types/document.ts';
import type { ClaimProducts } from '../../generated/types/claim-products.ts';
import { checkClaimProducts } from './claimProductChecks.ts';
import type { ContractReasons } from '../../generated/types/contract-reasons.ts';
import { checkLineServices } from './serviceChecks.ts';
import type { ContractPage } from '../../generated/types/contract-page.ts';
import { checkContractPage, type ContractViewSchema } from './contractPageChecks.ts';
import type { Tariff } from '../../generated/types/tariff.ts';
import type { BrandConfig } from '../../generated/types/brand.ts';
import { compileErrorPointer } from './schemaWalk.ts';
import { parseSource, type JsonSource } from './source.ts';
import {
  stepSchemaId,
  uriOfPath,
  type CheckError,
  type ParsedDefinition,
  type WizardDefinition,
} from './types.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import type { FlagCatalogue } from '../../generated/types/flags.ts';

/** A file under definitions/: its path relative to the repository root and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** What `checkDefinitionSet` found, and the parts later stages (codegen, server, app) use. */
export interface CheckResult {
  errors: CheckError[];
  definitions: ParsedDefinition[];
  /** The ajv instance with every schema and every step schema added (when there were no errors). */
  ajv: Ajv2020;
}

const FOLDER_SCHEMAS: { pattern: RegExp; schema: string; kind: string }[] = [
  {
    pattern: /^definitions\/(claims|applications|self-service|services)\/[^/]+\.json$/,
    schema: 'wizard-definition',
    kind: 'definition',
  },
  { pattern: /^definitions\/brands\/[^/]+\.json$/, schema: 'brand', kind: 'brand' },
  {
    pattern: /^definitions\/environments\/[^/]+\.json$/,
    schema: 'environment',
    kind: 'environment',
  },
  { pattern: /^definitions\/locales\/de\/[^/]+\.json$/, schema: 'locale-bundle', kind: 'locale' },
  { pattern: /^definitions\/tariffs\/[^/]+\.json$/, schema: 'tariff', kind: 'tariff' },
  { pattern: /^definitions\/changes\/[^/]+\.json$/, schema: 'change', kind: 'change' },
  {
    pattern: /^definitions\/contract-data\/[^/]+\.json$/,
    schema: 'contract-data',
    kind: 'contract-data',
  },
  { pattern: /^definitions\/registers\/[^/]+\.json$/, schema: 'register', kind: 'register' },
  { pattern: /^definitions\/catalogues\/[^/]+\.json$/, schema: 'catalogue', kind: 'catalogue' },
  { pattern: /^definitions\/documents\/[^/]+\.json$/, schema: 'document', kind: 'document' },
  { pattern: /^definitions\/api\/endpoints\.json$/, schema: 'endpoints', kind: 'endpoints' },
  { pattern: /^definitions\/flags\.json$/, schema: 'flags', kind: 'flags' },
  {
    pattern: /^definitions\/claim-products\.json$/,
    schema: 'claim-products',
    kind: 'claim-products',
  },
  {
    pattern: /^definitions\/contract-reasons\.json$/,
    schema: 'contract-reasons',
    kind: 'contract-reasons',
  },
  {
    pattern: /^definitions\/contract-page\.json$/,
    schema: 'contract-page',
    kind: 'contract-page',
  },
];

const schemaUri = (name: string): string => uriOfPath(`definitions/schema/${name}.schema.json`);
const baseName = (path: string): string => path.replace(/^.*\//, '').replace(/\.json$/, '');

/**
 * Checks every file under definitions/: JSON syntax, the schema of its folder, and for flow
 * definitions everything a schema cannot say (see semantic.ts). Pure: it gets the files' texts.
 */
export function checkDefinitionSet(
  files: readonly SourceFile[],
  options: { standaloneCode?: boolean } = {},
): CheckResult {
  const errors: CheckError[] = [];
  const host = schemaHostFor(
    files.filter((f) => f.path.startsWith('definitions/schema/')),
    { standaloneCode: options.standaloneCode ?? false },
  );
  const { ajv } = host;
  const sources = new Map<string, JsonSource>();
  const reporter = (source: JsonSource) => (pointer: string, message: string) => {
    const { line, column } = source.locate(pointer);
    errors.push({ file: source.path, pointer, line, column, message });
  };

  for (const file of files) {
    const source = parseSource(file.path, file.text);
    for (const e of source.syntaxErrors)
      errors.push({ file: file.path, pointer: '', ...e.position, message: e.message });
    if (source.syntaxErrors.length === 0) sources.set(file.path, source);
  }

  // 1. Schemas: each must carry the $id of its path, and together they must compile (a kept host
  // compiled these very texts without an error in an earlier check).
  const schemaErrorsBefore = errors.length;
  for (const [path, source] of sources) {
    if (host.reused || !path.startsWith('definitions/schema/')) continue;
    const id = (source.value as { $id?: unknown }).$id;
    if (id !== uriOfPath(path)) reporter(source)('/$id', `$id must be "${uriOfPath(path)}"`);
    else {
      try {
        ajv.addSchema(source.value as object);
      } catch (e) {
        reporter(source)('', `not a valid JSON Schema: ${(e as Error).message}`);
      }
    }
  }
  for (const [path, source] of sources) {
    if (host.reused || !path.startsWith('definitions/schema/')) continue;
    try {
      ajv.getSchema(uriOfPath(path));
    } catch (e) {
      reporter(source)('', `schema does not compile: ${(e as Error).message}`);
    }
  }
  if (errors.length === schemaErrorsBefore) host.keep();

  // 2. Every other file against the schema of its folder.
  const valid = new Map<string, { kind: string; value: unknown; source: JsonSource }>();
  for (const [path, source] of sources) {
    if (path.startsWith('definitions/schema/')) continue;
    const match = FOLDER_SCHEMAS.find((f) => f.pattern.test(path));
    if (!match) {
      reporter(source)(
        '',
        'this file is in no known folder of definitions/ (see docs/definitions.md)',
      );
      continue;
    }
    let validate;
    try {
      validate = ajv.getSchema(schemaUri(match.schema));
    } catch {
      validate = undefined;
    }
    if (!validate) {
      reporter(source)(
        '',
        `the schema definitions/schema/${match.schema}.schema.json is missing or broken`,
      );
      continue;
    }
    if (!validate(source.value)) {
      for (const p of describeAjvErrors(validate.errors ?? []))
        reporter(source)(p.pointer, p.message);
      continue;
    }
    if (
      [
        'brand',
        'environment',
        'tariff',
        'change',
        'contract-data',
        'register',
        'catalogue',
        'document',
      ].includes(match.kind) &&
      (source.value as { id: string }).id !== baseName(path)
    ) {
      reporter(source)('/id', `id must equal the file name "${baseName(path)}"`);
    }
    valid.set(path, { kind: match.kind, value: source.value, source });
  }

  // 3. Flow definitions: compile each step schema, then the checks a schema cannot make.
  const byKind = (kind: string) => [...valid.values()].filter((v) => v.kind === kind);
  const endpoints =
    (byKind('endpoints')[0]?.value as EndpointCatalogue | undefined)?.endpoints ?? {};
  const flags = new Set(
    Object.keys((byKind('flags')[0]?.value as FlagCatalogue | undefined)?.flags ?? {}),
  );
  const bundles = new Map(byKind('locale').map((v) => [baseName(v.source.path), v.value]));
  // The tariffs' contract parts first: an application's issue section is checked against them.
  const partsByProduct = checkTariffParts(
    byKind('tariff').map((v) => ({
      path: v.source.path,
      value: v.value as Tariff,
      report: reporter(v.source),
    })),
    host,
  );
  const ids = new Map<string, string>();
  const definitions: (ParsedDefinition & { report: (p: string, m: string) => void })[] = [];
  for (const { value, source } of byKind('definition')) {
    const def = value as WizardDefinition;
    const report = reporter(source);
    if (ids.has(def.id)) report('/id', `the id "${def.id}" is already used by ${ids.get(def.id)}`);
    ids.set(def.id, source.path);
    let compiled = true;
    def.steps.forEach((step, i) => {
      if (!step.form) return;
      try {
        host.compile(stepSchemaId(source.path, step.id), step.form.schema);
      } catch (e) {
        compiled = false;
        const message = (e as Error).message;
        report(
          `/steps/${i}/form/schema${compileErrorPointer(step.form.schema, message)}`,
          `the form schema does not compile: ${message}`,
        );
      }
    });
    if (!compiled) continue;
    const before = errors.length;
    checkNoCatalogueInFlow({ path: source.path, value: def, report });
    checkDefinitionSemantics(def, {
      path: source.path,
      lookup: (uri) => ajv.getSchema(uri)?.schema,
      contextSchema: ajv.getSchema(schemaUri('wizard-context'))?.schema,
      contextSchemaUri: schemaUri('wizard-context'),
      flags,
      endpoints,
      bundles,
      report,
    });
    checkDocumentsSection(def, source.path, (uri) => ajv.getSchema(uri)?.schema, report);
    checkIssueSection(
      def,
      source.path,
      (uri) => ajv.getSchema(uri)?.schema,
      report,
      (produkt) => partsByProduct.get(produkt),
    );
    if (errors.length === before) definitions.push({ path: source.path, value: def, report });
  }
  // 4. Across files: catalogues and their lookups, flows and their tariffs, checks and registers.
  const catalogues = new Map<string, Catalogue>();
  for (const v of byKind('catalogue')) {
    const catalogue = v.value as Catalogue;
    checkCatalogue({ path: v.source.path, value: catalogue, report: reporter(v.source) });
    catalogues.set(catalogue.id, catalogue);
  }
  for (const v of byKind('tariff'))
    checkCatalogueLookups(
      { path: v.source.path, value: v.value, report: reporter(v.source) },
      catalogues,
    );
  checkApplicationSet({
    definitions: definitions.map((d) => ({ ...d, report: d.report })),
    tariffs: byKind('tariff').map((v) => ({
      path: v.source.path,
      value: v.value as Tariff,
      report: reporter(v.source),
    })),
    currencies: new Map(
      byKind('brand').map((v) => {
        const brand = v.value as BrandConfig;
        return [brand.id, brand.market.currency];
      }),
    ),
    registers: new Set([
      ...byKind('register').map((v) => baseName(v.source.path)),
      ...catalogues.keys(),
    ]),
    lookup: (uri) => ajv.getSchema(uri)?.schema,
  });
  // A change may read and write the lines' own parts besides the spec's view.
  const ownParts = new Map(
    byKind('tariff').flatMap((v) => [...tariffPartUris(v.source.path, v.value as Tariff)]),
  );
  checkChangeSet(
    byKind('change').map((v) => ({ value: v.value as ContractChange, report: reporter(v.source) })),
    (uri) => ajv.getSchema(uri)?.schema,
    ownParts,
  );
  checkDataChangeSet(
    byKind('contract-data').map((v) => ({
      value: v.value as ContractDataChange,
      report: reporter(v.source),
    })),
    (uri) => ajv.getSchema(uri)?.schema,
    new Set(byKind('register').map((v) => baseName(v.source.path))),
    ownParts,
  );
  for (const v of byKind('claim-products'))
    checkClaimProducts({ value: v.value as ClaimProducts, report: reporter(v.source) }, bundles);
  const reasonsFile = byKind('contract-reasons')[0];
  const viewSchema = ajv.getSchema(schemaUri('contract-view'))?.schema as
    ContractViewSchema | undefined;
  checkLineServices(
    byKind('tariff').map((v) => ({
      path: v.source.path,
      value: v.value as Tariff,
      report: reporter(v.source),
    })),
    reasonsFile && {
      value: reasonsFile.value as ContractReasons,
      report: reporter(reasonsFile.source),
    },
    bundles,
    new Set(Object.keys(viewSchema?.properties ?? {})),
  );
  for (const v of byKind('contract-page'))
    checkContractPage(
      { value: v.value as ContractPage, report: reporter(v.source) },
      viewSchema,
      bundles,
    );
  checkDocumentSet(
    byKind('document').map((v) => ({
      path: v.source.path,
      value: v.value as StaticDocument,
      report: reporter(v.source),
    })),
  );
  host.end();
  errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { errors, definitions: definitions.map(({ path, value }) => ({ path, value })), ajv };
}
