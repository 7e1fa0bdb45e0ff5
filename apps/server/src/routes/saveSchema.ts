import { GENERIC_KINDS } from '../contracts/changeKinds.ts';
import { kindSpec } from '../contracts/changeKinds.ts';

/** Body of PATCH /api/vertrag/vertrag/{id}: the version read, the effective date and one or more changes. */
export interface SaveBody {
  versicherungsNummer?: string;
  /** The contract's lastUpdated as the client read it (optimistic concurrency). */
  lastUpdated: string;
  wirksamkeitsdatum: string;
  zahlweise?: string;
  neueSelbstbeteiligung?: string;
  elementar?: boolean;
  phvAnzahl?: string;
  buerohaftpflicht?: boolean;
  familienstand?: string;
  risikoOrt?: Record<string, unknown>;
}

/** The properties every save body has: contract number, version read and effective date. */
export const SAVE_BASE_PROPERTIES = {
  versicherungsNummer: { type: 'string', minLength: 1, maxLength: 64 },
  lastUpdated: { type: 'string', format: 'date-time' },
  wirksamkeitsdatum: { type: 'string', format: 'date' },
} as const;

const genericSpecs = GENERIC_KINDS.map((kind) => kindSpec(kind));

/** JSON Schema of the save body: at least one change field. */
export const saveBodySchema = {
  type: 'object',
  properties: {
    ...SAVE_BASE_PROPERTIES,
    ...Object.fromEntries(genericSpecs.map((spec) => [spec.field, spec.valueSchema])),
  },
  required: ['lastUpdated', 'wirksamkeitsdatum'],
  anyOf: genericSpecs.map((spec) => ({ required: [spec.field] })),
  additionalProperties: false,
};
