import type { PendingChangeArt } from '../db/schema/index.ts';
import type { PricedResult, PricingInput, TariffCatalogue } from '../tariffs/index.ts';
import type { ContractRow } from './access.ts';
import type { Db } from '../db/database.ts';
import type { ContractPatch } from './parts.ts';
import type { ContractChange } from '../../../../generated/types/change.ts';

/** A self-service change (spec section 7 and every declared one), named by its file name. */
export type ChangeKind = string;

/** One change with its new value, as validated by the route's schema. */
export interface Change {
  kind: ChangeKind;
  value: unknown;
}

/** What a change kind may look at besides its value. */
export interface ChangeContext {
  row: ContractRow;
  tariffs: TariffCatalogue;
}

/** A field of a change's value that does not fit the contract (see ChangeKindSpec.fieldProblems). */
export interface ChangeFieldProblem {
  /** Path below the body field, with slashes (`plz`). */
  path: string;
  keyword: string;
  message: string;
}

/** What a change writes to a contract: common columns and parts by name (parts.ts). */
export type ContractColumns = ContractPatch;

/** How one kind of change is validated, priced, stored and remembered as pending. */
export interface ChangeKindSpec {
  /**
   * The change's declaration in definitions/changes/, when it is declared as data: its effect on
   * the contract view is what it does, and a tariff that rates contracts prices that view.
   */
  declared?: ContractChange;
  /** Body field with the new value (the contract view's name of the field where there is one). */
  field: string;
  /** JSON Schema of the value. */
  valueSchema: Record<string, unknown>;
  /** Pending-change kind when effective in the future. */
  art: PendingChangeArt;
  /** The contract view's list that shows its pending changes (and names it in the history). */
  pendingList: string;
  /** Change event type. */
  eventTyp: string;
  /** Path of its calculate call below `.../{id}/beitrag/`, or null when it has a route of its own. */
  beitragPath: string | null;
  /** Whether the generic save PATCH /api/vertrag/vertrag/{id} accepts it. */
  generic: boolean;
  /** The German reason why this contract cannot take the change, or null. */
  check?(value: unknown, context: ChangeContext): string | null;
  /**
   * What the value's schema cannot say because it depends on the contract: problems of its fields
   * for the contract's brand (a postcode of its market's country), answered as a 400 with German
   * field errors; the paths are relative to the body field (`plz`).
   */
  fieldProblems?(value: unknown, context: ChangeContext): ChangeFieldProblem[];
  /** The pricing input with the change applied. */
  apply(input: PricingInput, value: unknown, context: ChangeContext): PricingInput;
  /** The contract columns to write when effective now; `input` is the priced input. */
  columns(value: unknown, context: ChangeContext & { input: PricingInput }): ContractColumns;
  /**
   * Whether a new change replaces an unapplied pending one of this kind (`alt`, its stored value);
   * default always. The household covers replace only a pending change of the same cover.
   */
  replaces?(neu: unknown, alt: unknown): boolean;
  /** The current value on the contract (for the event's "alt" field). */
  current(row: ContractRow): unknown;
  /**
   * More the change does when it takes effect, in the same transaction (the moving service
   * takes the new address over as the customer's postal address).
   */
  onEffective?(tx: Db, value: unknown, row: ContractRow): Promise<void>;
  /** Fields the change event carries besides the common ones (spec section 3, "Change events"). */
  eventFields?(
    value: unknown,
    context: ChangeContext,
    price: PricedResult,
  ): Record<string, unknown>;
}
