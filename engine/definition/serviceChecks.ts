import { collectOperators, collectVarReferences } from '../rules/references.ts';
import { knownOperators } from '../rules/evaluate.ts';
import type { ContractReasons } from '../../generated/types/contract-reasons.ts';
import type { Tariff } from '../../generated/types/tariff.ts';
import { lookupText, type Bundles } from './i18n.ts';

type Report = (pointer: string, message: string) => void;

/** A tariff file as checked, with a reporter at its JSON pointers. */
export interface ServiceTariffFile {
  path: string;
  value: Tariff;
  report: Report;
}

/** definitions/contract-reasons.json as checked (absent when it is missing or broken). */
export interface ContractReasonsFile {
  value: ContractReasons;
  report: Report;
}

/** The bundle the policy's texts come from (documentFacts name its keys). */
const DOCUMENTS_BUNDLE = 'documents';
const REASONS_FILE = 'definitions/contract-reasons.json';

const fileName = (path: string): string => path.replace(/^.*\//, '');

/** Reports each key listed a second time in a list of reasons. */
function checkUnique(
  reasons: readonly { key: string }[],
  at: string,
  report: Report,
  seen = new Map<string, string>(),
): Map<string, string> {
  reasons.forEach(({ key }, i) => {
    const first = seen.get(key);
    if (first) report(`${at}/${i}/key`, `the reason "${key}" is listed twice (first at ${first})`);
    else seen.set(key, `${at}/${i}`);
  });
  return seen;
}

/**
 * What the schemas of the tariffs' `service` and of contract-reasons.json cannot say: a reason key
 * is listed once (a line's own reasons are none of the common ones nor the other reason), every
 * tariff of one line declares the same service, and each policy fact names texts the documents
 * bundle has and reads only fields of the contract view (or the line's own parts) with known
 * operators.
 */
export function checkLineServices(
  tariffs: readonly ServiceTariffFile[],
  reasons: ContractReasonsFile | undefined,
  bundles: Bundles,
  contractViewFields: ReadonlySet<string>,
): void {
  const common = new Map<string, string>();
  if (reasons) {
    const { value, report } = reasons;
    checkUnique(value.commonTerminationReasons, '/commonTerminationReasons', report, common);
    checkUnique([value.otherTerminationReason], '/otherTerminationReason', report, common);
    checkUnique(value.revocationReasons, '/revocationReasons', report);
  }
  const byLine = new Map<string, ServiceTariffFile>();
  for (const tariff of tariffs) {
    const service = tariff.value.service;
    const first = byLine.get(tariff.value.line);
    if (!first) byLine.set(tariff.value.line, tariff);
    else if (JSON.stringify(first.value.service) !== JSON.stringify(service))
      tariff.report(
        service ? '/service' : '',
        `this service differs from ${fileName(first.path)}'s: every tariff of the line ${tariff.value.line} declares the same service`,
      );
    if (!service) continue;
    const own = service.terminationReasons ?? [];
    checkUnique(own, '/service/terminationReasons', tariff.report);
    own.forEach(({ key }, i) => {
      if (common.has(key))
        tariff.report(
          `/service/terminationReasons/${i}/key`,
          `"${key}" is a reason of every line already (${REASONS_FILE}): list it there only`,
        );
    });
    (service.documentFacts ?? []).forEach((fact, i) => {
      const at = `/service/documentFacts/${i}`;
      for (const part of ['label', 'text'] as const) {
        const key = fact[part];
        if (key !== undefined && lookupText(bundles, key, DOCUMENTS_BUNDLE) === undefined)
          tariff.report(
            `${at}/${part}`,
            `the text "${key}" is not in definitions/locales/de/${DOCUMENTS_BUNDLE}.json: add it there or name a key it has`,
          );
      }
      const known = knownOperators();
      for (const op of collectOperators(fact.value))
        if (!known.has(op)) tariff.report(`${at}/value`, `unknown rule operator "${op}"`);
      for (const { path } of collectVarReferences(fact.value)) {
        const field = path.split('.')[0] ?? '';
        if (!contractViewFields.has(field) && !Object.hasOwn(tariff.value.parts ?? {}, field))
          tariff.report(
            `${at}/value`,
            `"${path}" is no field of the contract view (definitions/schema/contract-view.schema.json)`,
          );
      }
    });
  }
}
