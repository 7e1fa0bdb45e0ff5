import { CHANGE_KINDS } from '../contracts/changeKinds.ts';

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
}

const changeFields = Object.values(CHANGE_KINDS).map((spec) => spec.field);

/** JSON Schema of the save body: at least one change field. */
export const saveBodySchema = {
  type: 'object',
  properties: {
    versicherungsNummer: { type: 'string', minLength: 1, maxLength: 64 },
    lastUpdated: { type: 'string', format: 'date-time' },
    wirksamkeitsdatum: { type: 'string', format: 'date' },
    ...Object.fromEntries(
      Object.values(CHANGE_KINDS).map((spec) => [spec.field, spec.valueSchema]),
    ),
  },
  required: ['lastUpdated', 'wirksamkeitsdatum'],
  anyOf: changeFields.map((field) => ({ required: [field] })),
  additionalProperties: false,
};
