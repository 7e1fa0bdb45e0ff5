import type { FieldError } from '../http/errors.ts';
import {
  CHANGE_KIND_NAMES,
  type Change,
  type ChangeContext,
  type ChangeKind,
  type ChangeKindSpec,
} from './changeKind.ts';
import { hausrat, risikoort } from './householdKinds.ts';
import { declaredKind, loadChanges } from './declaredChanges.ts';
import { versicherungssumme } from './sumKind.ts';

export type { Change, ChangeContext, ChangeKind, ChangeKindSpec } from './changeKind.ts';
export { pricingInputOf } from './pricingInput.ts';

/** The change kinds still written in code (not yet declared in definitions/changes/). */
const CODED_KINDS: Partial<Record<ChangeKind, ChangeKindSpec>> = {
  risikoort,
  hausrat,
  versicherungssumme,
};

/** Every change kind by its name: the declared ones of definitions/changes/, then the coded ones. */
export const CHANGE_KINDS = ((): Record<ChangeKind, ChangeKindSpec> => {
  const declared = loadChanges();
  const kinds: Partial<Record<ChangeKind, ChangeKindSpec>> = {};
  for (const kind of CHANGE_KIND_NAMES) {
    const change = declared.get(kind);
    const spec = change ? declaredKind(change) : CODED_KINDS[kind];
    if (!spec) throw new Error(`Die Änderung ${kind} ist weder deklariert noch programmiert.`);
    kinds[kind] = spec;
  }
  return kinds as Record<ChangeKind, ChangeKindSpec>;
})();

/** The kinds the generic save PATCH /api/vertrag/vertrag/{id} accepts, in a fixed order. */
export const GENERIC_KINDS = (Object.keys(CHANGE_KINDS) as ChangeKind[]).filter(
  (kind) => CHANGE_KINDS[kind].generic,
);

/**
 * The field errors of changes whose values do not fit the contract (each kind's fieldProblems: a
 * postcode of another country than the brand's), at their paths in the body.
 */
export function changeFieldErrors(
  changes: readonly Change[],
  context: ChangeContext,
): FieldError[] {
  return changes.flatMap((change) => {
    const spec = CHANGE_KINDS[change.kind];
    return (spec.fieldProblems?.(change.value, context) ?? []).map((problem) => ({
      path: `/body/${spec.field}/${problem.path}`,
      keyword: problem.keyword,
      message: problem.message,
    }));
  });
}

/** The changes a generic save body carries (one or more change fields). */
export function changesOfBody(body: Record<string, unknown>): Change[] {
  return GENERIC_KINDS.filter((kind) => body[CHANGE_KINDS[kind].field] !== undefined).map(
    (kind) => ({ kind, value: body[CHANGE_KINDS[kind].field] }),
  );
}
