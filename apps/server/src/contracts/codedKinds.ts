import type { ChangeKindSpec } from './changeSpec.ts';
import { hausrat, risikoort } from './householdKinds.ts';

/** The change kinds still written in code (not yet declared in definitions/changes/), by name. */
export const CODED_KINDS: Readonly<Record<string, ChangeKindSpec>> = {
  risikoort,
  hausrat,
};
