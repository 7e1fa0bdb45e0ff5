import {
  collectItemReferences,
  collectOperators,
  collectVarReferences,
} from '../rules/references.ts';
import { knownOperators } from '../rules/evaluate.ts';
import { missingSegment, type SchemaLookup } from './schemaPaths.ts';
import { checkContractInputs } from './contractInputChecks.ts';
import { checkTariffRating } from './tariffChecks.ts';
import { locateCalls } from './walk.ts';
import {
  draftDeclarations,
  stepSchemaId,
  type ParsedDefinition,
  type WizardDefinition,
} from './types.ts';
import type { Tariff } from '../../generated/types/tariff.ts';

type Report = (pointer: string, message: string) => void;

/** A file of a folder that passed its schema, with its reporter. */
export interface CheckedFile<T> {
  path: string;
  value: T;
  report: Report;
}

/** What the checks across flows, tariffs and registers need. */
export interface ApplicationSet {
  definitions: readonly (ParsedDefinition & { report: Report })[];
  tariffs: readonly CheckedFile<Tariff>[];
  /** Each brand's currency (definitions/brands/<brand>.json, market.currency), by brand id. */
  currencies: ReadonlyMap<string, string>;
  registers: ReadonlySet<string>;
  lookup: SchemaLookup;
}

function checkFlowChecks(
  flow: ParsedDefinition & { report: Report },
  registers: ReadonlySet<string>,
  lookup: SchemaLookup,
): void {
  const def: WizardDefinition = flow.value;
  if (def.checks && def.kind !== 'application')
    flow.report('/checks', 'only an application flow runs checks on submit');
  const operators = knownOperators();
  def.checks?.forEach((check, i) => {
    const at = `/checks/${i}`;
    if (!registers.has(check.register))
      flow.report(
        `${at}/register`,
        `there is no register definitions/registers/${check.register}.json nor catalogue definitions/catalogues/${check.register}.json`,
      );
    for (const op of collectOperators(check.value))
      if (!operators.has(op)) flow.report(`${at}/value`, `unknown rule operator "${op}"`);
    for (const ref of [
      ...collectVarReferences(check.value),
      ...collectItemReferences(check.value),
    ]) {
      const [root, stepId, ...field] = ref.path.split('.');
      if (root !== 'answers') {
        flow.report(`${at}/value`, `reads "${ref.path}", but a check may read only answers.*`);
        continue;
      }
      const step = def.steps.find((s) => s.id === stepId);
      const missing = step?.form
        ? missingSegment(step.form.schema, stepSchemaId(flow.path, step.id), field, lookup)
        : stepId;
      if (missing !== undefined)
        flow.report(`${at}/value`, `reads "${ref.path}", but the flow has no "${missing}" there`);
    }
  });
}

/**
 * Calls to an application endpoint (and downloads of its documents) name their own flow; a draft
 * names the flow and its version.
 */
function checkOwnFlow(flow: ParsedDefinition & { report: Report }): void {
  const def = flow.value;
  const calls = [
    ...locateCalls(def).map(({ pointer, call }) => ({ pointer, params: call.params })),
    ...(def.quote ? [{ pointer: '/quote', params: def.quote.params }] : []),
    ...def.steps.flatMap((step, i) =>
      (step.content ?? []).flatMap((block, b) =>
        block.type === 'download'
          ? [{ pointer: `/steps/${i}/content/${b}`, params: block.params }]
          : [],
      ),
    ),
  ];
  for (const { pointer, params } of calls) {
    const value = params?.['flow'];
    if (value !== undefined && value !== def.id)
      flow.report(
        `${pointer}/params/flow`,
        `the flow parameter must be this flow's id "${def.id}", not ${JSON.stringify(value)}`,
      );
  }
  draftDeclarations(def).forEach((draft, d) => {
    const at = Array.isArray(def.draft) ? `/draft/${d}` : '/draft';
    const body = draft.body as Record<string, unknown>;
    if (typeof body['flow'] === 'string' && body['flow'] !== def.id)
      flow.report(`${at}/body/flow`, `a draft must name this flow's id "${def.id}"`);
    if (typeof body['version'] === 'number' && body['version'] !== def.version)
      flow.report(`${at}/body/version`, `a draft must name this flow's version ${def.version}`);
  });
  const submitted = def.submit?.body as Record<string, unknown> | undefined;
  if (submitted && submitted['version'] !== undefined && submitted['version'] !== def.version)
    flow.report(
      '/submit/body/version',
      `a submission must name this flow's version ${def.version} (the server accepts only the current version)`,
    );
}

/**
 * Checks what spans flows, tariffs and registers: a contract product has one tariff per currency;
 * an application flow is priced by exactly one tariff's rating in the currency of every brand it
 * is offered under (a Swiss brand's flow needs a tariff in CHF), and that rating reads only
 * answers the flow has; a rating names only application flows; checks name registers that exist
 * and answers the flow has; calls of the application service name their own flow.
 */
export function checkApplicationSet(set: ApplicationSet): void {
  const products = new Map<string, string>();
  const pricedBy = new Map<string, string>();
  const flows = new Map(set.definitions.map((d) => [d.value.id, d]));
  for (const tariff of set.tariffs) {
    const { currency } = tariff.value;
    tariff.value.products.forEach((product, i) => {
      const other = products.get(`${product} ${currency}`);
      if (other)
        tariff.report(
          `/products/${i}`,
          `product ${product} already has a tariff in ${currency} (${other}); a product has exactly one tariff per currency: change that file (raise its version) instead of adding another`,
        );
      else products.set(`${product} ${currency}`, tariff.path);
    });
    const priced: ParsedDefinition[] = [];
    tariff.value.rating?.flows.forEach((id, i) => {
      const flow = flows.get(id);
      const other = pricedBy.get(`${id} ${currency}`);
      if (!flow || flow.value.kind !== 'application')
        tariff.report(
          `/rating/flows/${i}`,
          `"${id}" is no application flow of definitions/applications/ (or it has problems of its own)`,
        );
      else if (other)
        tariff.report(
          `/rating/flows/${i}`,
          `flow "${id}" is already priced in ${currency} by ${other}`,
        );
      else {
        pricedBy.set(`${id} ${currency}`, tariff.path);
        priced.push(flow);
      }
    });
    checkTariffRating(tariff.value, priced, set.lookup, tariff.report);
    checkContractInputs(tariff.value, tariff.path, set.lookup, tariff.report);
  }
  for (const flow of set.definitions) {
    if (flow.value.kind === 'application')
      flow.value.brands.forEach((brand, i) => {
        const currency = set.currencies.get(brand);
        if (currency && !pricedBy.has(`${flow.value.id} ${currency}`))
          flow.report(
            `/brands/${i}`,
            `application flow "${flow.value.id}" is offered under ${brand}, which prices in ${currency}, but no tariff in ${currency} prices it: add "${flow.value.id}" to rating.flows of its line's tariff in ${currency} in definitions/tariffs/ (see docs/adding-an-insurance-line.md)`,
          );
      });
    checkFlowChecks(flow, set.registers, set.lookup);
    checkOwnFlow(flow);
  }
}
