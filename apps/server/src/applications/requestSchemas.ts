import type { Brand } from '../db/schema/index.ts';
import type { ApplicationBody } from './submit.ts';

const BRANDS: readonly Brand[] = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'];

/** Params of the application routes: the flow's id. */
export const flowParams = {
  type: 'object',
  properties: { flow: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,59}$' } },
  required: ['flow'],
  additionalProperties: false,
} as const;

const callerProperties = {
  variante: { type: ['string', 'null'], pattern: '^[a-z][a-z0-9-]{0,39}$' },
  marke: { enum: [...BRANDS, null] },
  partnerNummer: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
  vertragsNummer: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
  antworten: { type: 'object', maxProperties: 40, additionalProperties: { type: 'object' } },
} as const;

/** Body of a price call, and of the documents made from the same answers (offer, advice record). */
export const priceBodySchema = {
  type: 'object',
  properties: callerProperties,
  required: ['antworten'],
  additionalProperties: false,
} as const;

/** Body of a submission: as a price call, plus the agent's draft it turns into the application. */
export const applicationBodySchema = {
  type: 'object',
  properties: {
    ...callerProperties,
    entwurf: {
      type: ['string', 'null'],
      pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    },
    version: { type: 'integer', minimum: 1, maximum: 1000 },
  },
  required: ['antworten'],
  additionalProperties: false,
} as const;

/** A price call's body. */
export type PriceBody = Omit<ApplicationBody, 'entwurf' | 'marke'> & { marke?: Brand | null };
/** A submission's body. */
export type SubmitBody = Omit<ApplicationBody, 'marke'> & { marke?: Brand | null };
