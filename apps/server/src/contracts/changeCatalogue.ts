import type { FieldError } from '../http/errors.ts';
import type { TariffCatalogue } from '../tariffs/index.ts';
import type { Change, ChangeContext, ChangeKind, ChangeKindSpec } from './changeSpec.ts';
import { CHANGES_DIR, loadChanges } from './changeFiles.ts';
import { CODED_KINDS } from './codedKinds.ts';
import { declaredKind } from './declaredChanges.ts';

export type { Change, ChangeContext, ChangeKind, ChangeKindSpec } from './changeSpec.ts';
export { pricingInputOf } from './pricingInput.ts';

/** The change kinds one server offers: those of its definitions/changes/, then those in code. */
export interface ChangeCatalogue {
  /** Every kind by name, declared ones first (in file order), then the coded ones. */
  readonly names: readonly ChangeKind[];
  /** The kinds the generic save PATCH /api/vertrag/vertrag/{id} accepts, in the same order. */
  readonly generic: readonly ChangeKind[];
  /** Whether the server offers this kind (a definitions root may declare fewer). */
  has(kind: ChangeKind): boolean;
  /** The spec of a kind the routes accept (every kind they name is one of `names`). */
  spec(kind: ChangeKind): ChangeKindSpec;
  /** The kind whose pending changes are stored under `art`, if any still is. */
  kindOfArt(art: string): ChangeKind | undefined;
}

/** What prices and applies changes on one server: its tariffs and its change kinds. */
export interface ChangePricing {
  tariffs: TariffCatalogue;
  kinds: ChangeCatalogue;
}

/**
 * The change kinds of a folder of change declarations (a server's definitions/changes/, a new
 * line's too) and the kinds still written in code. A name taken twice is a mistake, not an
 * override; so is a pending-change kind (`art`) of two changes.
 */
export function changeCatalogue(dir: string = CHANGES_DIR): ChangeCatalogue {
  const specs = new Map<ChangeKind, ChangeKindSpec>();
  for (const [id, change] of loadChanges(dir)) specs.set(id, declaredKind(change));
  for (const [id, spec] of Object.entries(CODED_KINDS)) {
    if (specs.has(id)) throw new Error(`The change ${id} is declared and also written in code.`);
    specs.set(id, spec);
  }
  const byArt = new Map<string, ChangeKind>();
  for (const [id, spec] of specs) {
    const other = byArt.get(spec.art);
    if (other) throw new Error(`The changes ${other} and ${id} both store pending as ${spec.art}.`);
    byArt.set(spec.art, id);
  }
  const names = [...specs.keys()];
  const spec = (kind: ChangeKind): ChangeKindSpec => {
    const found = specs.get(kind);
    if (!found) throw new Error(`Unknown change kind ${kind}`);
    return found;
  };
  return {
    names,
    generic: names.filter((kind) => spec(kind).generic),
    has: (kind) => specs.has(kind),
    spec,
    kindOfArt: (art) => byArt.get(art),
  };
}

let repositoryKinds: ChangeCatalogue | undefined;

/** The change kinds of the repository's definitions/changes/ (read once). */
export function defaultChangeKinds(): ChangeCatalogue {
  return (repositoryKinds ??= changeCatalogue());
}

/**
 * The field errors of changes whose values do not fit the contract (each kind's fieldProblems: a
 * postcode of another country than the brand's), at their paths in the body.
 */
export function changeFieldErrors(
  kinds: ChangeCatalogue,
  changes: readonly Change[],
  context: ChangeContext,
): FieldError[] {
  return changes.flatMap((change) => {
    const spec = kinds.spec(change.kind);
    return (spec.fieldProblems?.(change.value, context) ?? []).map((problem) => ({
      path: `/body/${spec.field}/${problem.path}`,
      keyword: problem.keyword,
      message: problem.message,
    }));
  });
}

/** The changes a generic save body carries (one or more change fields). */
export function changesOfBody(kinds: ChangeCatalogue, body: Record<string, unknown>): Change[] {
  return kinds.generic.flatMap((kind) => {
    const { field } = kinds.spec(kind);
    return body[field] !== undefined ? [{ kind, value: body[field] }] : [];
  });
}
