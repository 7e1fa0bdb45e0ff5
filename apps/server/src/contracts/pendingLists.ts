import type { PendingChangeArt } from '../db/schema/index.ts';
import { loadChanges } from './changeFiles.ts';
import { CODED_KINDS } from './codedKinds.ts';

/**
 * The contract view's list of each kind of pending change (its `pendingList`): declared in the
 * change files of definitions/changes/, and in the specs of the changes still written in code.
 */
export const PENDING_LIST_OF: ReadonlyMap<PendingChangeArt, string> = new Map([
  ...[...loadChanges().values()].map((change) => [change.art, change.pendingList] as const),
  ...Object.values(CODED_KINDS).map((spec) => [spec.art, spec.pendingList] as const),
]);
