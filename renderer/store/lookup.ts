/**
 * Look-up suggestions for a field (a finder's combobox): the request to a look-up endpoint from
 * the typed text and the step's answers, and the suggestions read from its answer.
 */
import { buildRequest, isCanceled, type WizardSetup } from '#engine';
import type { LookupOption, LookupQuery } from '../formContext.ts';
import type { TransportResult, WizardServices } from './services.ts';

/** The suggestions in a look-up answer: entries with a label (and key) as text. */
function lookupOptions(body: unknown): LookupOption[] {
  if (!Array.isArray(body)) return [];
  const options: LookupOption[] = [];
  for (const entry of body as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { key, label } = entry as { key?: unknown; label?: unknown };
    if (typeof label !== 'string' || label === '') continue;
    options.push({
      key: typeof key === 'string' || typeof key === 'number' ? String(key) : label,
      label,
    });
  }
  return options;
}

/**
 * Suggestions of a look-up endpoint: the typed text as `queryParam`, and each further parameter
 * from the answer of the named field in `answers` (the step's answers). `undefined` when the
 * transport cancelled the request (a newer one to the same path).
 */
export async function lookup(
  endpoints: WizardSetup['endpoints'],
  services: Pick<WizardServices, 'transport'>,
  answers: Readonly<Record<string, unknown>>,
  endpoint: string,
  query: LookupQuery,
): Promise<readonly LookupOption[] | undefined> {
  const names = Object.entries(query.params ?? {});
  const scope = {
    lookup: { text: query.text, fields: names.map(([, field]) => answers[field]) },
  };
  const rules: NonNullable<Parameters<typeof buildRequest>[0]['query']> = {};
  names.forEach(([name], index) => (rules[name] = { var: `lookup.fields.${index}` }));
  rules[query.queryParam] = { var: 'lookup.text' };
  let result: TransportResult;
  try {
    const request = buildRequest({ endpoint, query: rules }, endpoints, scope, () => undefined);
    result = await services.transport(request);
  } catch {
    return [];
  }
  if (isCanceled(result)) return undefined;
  return result.ok ? lookupOptions(result.body) : [];
}
