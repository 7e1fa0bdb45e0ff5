import { BASIC_KINDS } from './basicKinds.ts';
import type { FieldError } from '../http/errors.ts';
import type { Change, ChangeContext, ChangeKind, ChangeKindSpec } from './changeKind.ts';
import { hausrat, risikoort } from './householdKinds.ts';
import { betriebsart, familienstand, umsatz, versicherungssumme } from './moreKinds.ts';

export type { Change, ChangeContext, ChangeKind, ChangeKindSpec } from './changeKind.ts';
export { pricingInputOf } from './pricingInput.ts';

/** Every change kind by its name. */
export const CHANGE_KINDS: Record<ChangeKind, ChangeKindSpec> = {
  ...BASIC_KINDS,
  familienstand,
  risikoort,
  hausrat,
  umsatz,
  versicherungssumme,
  betriebsart,
};

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
