import type { FieldError } from '../http/errors.ts';
import type { Change, ChangeContext, ChangeKind, ChangeKindSpec } from './changeKind.ts';
import { loadChanges } from './changeFiles.ts';
import { CODED_KINDS } from './codedKinds.ts';
import { declaredKind } from './declaredChanges.ts';

export type { Change, ChangeContext, ChangeKind, ChangeKindSpec } from './changeKind.ts';
export { pricingInputOf } from './pricingInput.ts';

/**
 * Every change kind by its name: each change declared in definitions/changes/ (a new line's too),
 * then the kinds still written in code. A name taken twice is a mistake, not an override.
 */
export const CHANGE_KINDS = ((): Readonly<Record<ChangeKind, ChangeKindSpec>> => {
  const kinds: Record<ChangeKind, ChangeKindSpec> = {};
  for (const [id, change] of loadChanges()) kinds[id] = declaredKind(change);
  for (const [id, spec] of Object.entries(CODED_KINDS)) {
    if (kinds[id]) throw new Error(`The change ${id} is declared and also written in code.`);
    kinds[id] = spec;
  }
  return kinds;
})();

/** The spec of a change kind the routes accept (every kind they name is one of CHANGE_KINDS). */
export function kindSpec(kind: ChangeKind): ChangeKindSpec {
  const spec = CHANGE_KINDS[kind];
  if (!spec) throw new Error(`Unknown change kind ${kind}`);
  return spec;
}

/** The kinds the generic save PATCH /api/vertrag/vertrag/{id} accepts, in a fixed order. */
export const GENERIC_KINDS = Object.keys(CHANGE_KINDS).filter((kind) => kindSpec(kind).generic);

/**
 * The field errors of changes whose values do not fit the contract (each kind's fieldProblems: a
 * postcode of another country than the brand's), at their paths in the body.
 */
export function changeFieldErrors(
  changes: readonly Change[],
  context: ChangeContext,
): FieldError[] {
  return changes.flatMap((change) => {
    const spec = kindSpec(change.kind);
    return (spec.fieldProblems?.(change.value, context) ?? []).map((problem) => ({
      path: `/body/${spec.field}/${problem.path}`,
      keyword: problem.keyword,
      message: problem.message,
    }));
  });
}

/** The changes a generic save body carries (one or more change fields). */
export function changesOfBody(body: Record<string, unknown>): Change[] {
  return GENERIC_KINDS.flatMap((kind) => {
    const { field } = kindSpec(kind);
    return body[field] !== undefined ? [{ kind, value: body[field] }] : [];
  });
}
