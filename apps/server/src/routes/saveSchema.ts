import type { ChangeCatalogue } from '../contracts/changeCatalogue.ts';

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

/** JSON Schema of the save body of a server's generic kinds: at least one change field. */
export function saveBodySchema(kinds: ChangeCatalogue) {
  const specs = kinds.generic.map((kind) => kinds.spec(kind));
  return {
    type: 'object',
    properties: {
      ...SAVE_BASE_PROPERTIES,
      ...Object.fromEntries(specs.map((spec) => [spec.field, spec.valueSchema])),
    },
    required: ['lastUpdated', 'wirksamkeitsdatum'],
    anyOf: specs.map((spec) => ({ required: [spec.field] })),
    additionalProperties: false,
  };
}
