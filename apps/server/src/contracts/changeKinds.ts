import {
  PHV_ANZAHLEN,
  SELBSTBETEILIGUNGEN,
  ZAHLWEISEN,
  type contracts,
  type PendingChangeArt,
} from '../db/schema/index.ts';
import type { PricingInput } from '../pricing/index.ts';
import type { ContractRow } from './access.ts';

/** A self-service change (spec section 7): the path segment of its calculate call. */
export type ChangeKind =
  'zahlweise' | 'selbstbeteiligung' | 'elementar' | 'phv' | 'buerohaftpflicht';

/** How one kind of change is validated, priced, stored and remembered as pending. */
export interface ChangeKindSpec {
  /** Body field with the new value (the contract view's name of the field). */
  field: 'zahlweise' | 'neueSelbstbeteiligung' | 'elementar' | 'phvAnzahl' | 'buerohaftpflicht';
  /** JSON Schema of the value. */
  valueSchema: Record<string, unknown>;
  /** Pending-change kind when effective in the future. */
  art: PendingChangeArt;
  /** Change event type. */
  eventTyp: string;
  /** The pricing input with the change applied. */
  apply(input: PricingInput, value: unknown): PricingInput;
  /** The contract columns to write when effective now. */
  columns(value: unknown): Partial<typeof contracts.$inferInsert>;
  /** The current value on the contract (for the event's "alt" field). */
  current(row: ContractRow): unknown;
}

const SB_AMOUNT: Record<string, number> = {
  SB_KEINE: 0,
  SB_250: 250,
  SB_500: 500,
  SB_1000: 1000,
  SB_5000: 5000,
};

/** Every change kind by its path segment. */
export const CHANGE_KINDS: Record<ChangeKind, ChangeKindSpec> = {
  zahlweise: {
    field: 'zahlweise',
    valueSchema: { enum: [...ZAHLWEISEN] },
    art: 'ZAHLWEISE',
    eventTyp: 'ZahlweiseGeaendert',
    apply: (input, value) => ({ ...input, zahlweise: value as PricingInput['zahlweise'] }),
    columns: (value) => ({ zahlweise: value as PricingInput['zahlweise'] }),
    current: (row) => row.zahlweise,
  },
  selbstbeteiligung: {
    field: 'neueSelbstbeteiligung',
    valueSchema: { enum: [...SELBSTBETEILIGUNGEN] },
    art: 'SELBSTBETEILIGUNG',
    eventTyp: 'SelbstbeteiligungGeaendert',
    apply: (input, value) => ({
      ...input,
      selbstbeteiligung: value as PricingInput['selbstbeteiligung'],
    }),
    columns: (value) => ({
      neueSelbstbeteiligung: value as PricingInput['selbstbeteiligung'],
      selbstBeteiligung: { value: SB_AMOUNT[value as string] ?? 0, unit: 'ABSOLUT' },
    }),
    current: (row) => row.neueSelbstbeteiligung,
  },
  elementar: {
    field: 'elementar',
    valueSchema: { type: 'boolean' },
    art: 'ELEMENTAR',
    eventTyp: 'ElementarGeaendert',
    apply: (input, value) => ({ ...input, elementar: value === true }),
    columns: (value) => ({ elementar: value === true }),
    current: (row) => row.elementar,
  },
  phv: {
    field: 'phvAnzahl',
    valueSchema: { enum: [...PHV_ANZAHLEN] },
    art: 'PHV_ANZAHL',
    eventTyp: 'PhvAnzahlGeaendert',
    apply: (input, value) => ({ ...input, phvAnzahl: value as PricingInput['phvAnzahl'] }),
    columns: (value) => ({ phvAnzahl: value as PricingInput['phvAnzahl'] }),
    current: (row) => row.phvAnzahl,
  },
  buerohaftpflicht: {
    field: 'buerohaftpflicht',
    valueSchema: { type: 'boolean' },
    art: 'BUEROHAFTPFLICHT',
    eventTyp: 'BuerohaftpflichtGeaendert',
    apply: (input, value) => ({ ...input, buerohaftpflicht: value === true }),
    columns: (value) => ({ buerohaftpflicht: value === true }),
    current: (row) => row.buerohaftpflicht,
  },
};

/** The pricing input of a contract as it stands, effective on `wirksamkeitsdatum`. */
export function pricingInputOf(row: ContractRow, wirksamkeitsdatum: string): PricingInput {
  return {
    produkt: row.produkt,
    deckungsIdentifier: row.deckungsIdentifier,
    zahlweise: row.zahlweise,
    selbstbeteiligung: row.neueSelbstbeteiligung,
    elementar: row.elementar ?? false,
    buerohaftpflicht: row.buerohaftpflicht ?? false,
    phvAnzahl: row.phvAnzahl,
    hauptfaelligkeit: { day: row.hauptfaelligkeitTag, month: row.hauptfaelligkeitMonat },
    wirksamkeitsdatum,
    vertragsBeginn: row.vertragsBeginn,
    ablaufdatum: row.ablaufdatum,
  };
}

/** The changes a save body carries, in a fixed order (one or more change fields). */
export function changesOfBody(
  body: Record<string, unknown>,
): { kind: ChangeKind; value: unknown }[] {
  return (Object.entries(CHANGE_KINDS) as [ChangeKind, ChangeKindSpec][])
    .filter(([, spec]) => body[spec.field] !== undefined)
    .map(([kind, spec]) => ({ kind, value: body[spec.field] }));
}
