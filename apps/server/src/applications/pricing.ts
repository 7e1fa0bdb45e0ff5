import { ZAHLWEISEN, type Zahlweise } from '../db/schema/contractTypes.ts';
import {
  FAHRRADTYPEN,
  calculateApplicationPremium,
  parseDay,
  type ApplicationPremium,
  type Fahrradtyp,
  type Tariff,
} from '../pricing/index.ts';

/** The body of `POST /api/antrag/fahrrad/beitrag`; null means "not given". */
export interface BikePriceBody {
  versicherungssumme: number;
  fahrradtyp: Fahrradtyp;
  kaufdatum?: string | null;
  reparatur?: boolean | null;
  reparaturOhneVerschleiss?: boolean | null;
  schutzbrief?: boolean | null;
  zahlweise?: Zahlweise | null;
  versicherungsbeginn?: string | null;
}

const date = { type: ['string', 'null'], format: 'date' } as const;
const flag = { type: ['boolean', 'null'] } as const;

/** The route schema of a {@link BikePriceBody}. */
export const bikePriceBodySchema = {
  type: 'object',
  properties: {
    versicherungssumme: { type: 'number', minimum: 0, maximum: 100_000_000 },
    fahrradtyp: { enum: [...FAHRRADTYPEN] },
    kaufdatum: date,
    reparatur: flag,
    reparaturOhneVerschleiss: flag,
    schutzbrief: flag,
    zahlweise: { enum: [...ZAHLWEISEN, null] },
    versicherungsbeginn: date,
  },
  required: ['versicherungssumme', 'fahrradtyp'],
  additionalProperties: false,
} as const;

/** The day after an ISO date. */
export function nextDay(iso: string): string {
  return new Date(parseDay(iso).getTime() + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Prices a bike application from the price call's body: a missing payment period is annual, a
 * missing start tomorrow, a missing cover not chosen.
 */
export function priceBike(tariff: Tariff, body: BikePriceBody, today: string): ApplicationPremium {
  return calculateApplicationPremium(tariff, {
    versicherungssumme: body.versicherungssumme,
    fahrradtyp: body.fahrradtyp,
    kaufdatum: body.kaufdatum ?? null,
    reparatur: body.reparatur === true,
    reparaturOhneVerschleiss: body.reparaturOhneVerschleiss === true,
    schutzbrief: body.schutzbrief === true,
    zahlweise: body.zahlweise ?? 'JAEHRLICH',
    versicherungsbeginn: body.versicherungsbeginn ?? nextDay(today),
    today,
  });
}

/** The price call's body of a bike application's checked answers (step layout of the fahrrad flow). */
export function priceBodyOf(answers: Record<string, Record<string, unknown>>): BikePriceBody {
  const fahrrad = answers['fahrrad'] ?? {};
  const deckung = answers['deckung'] ?? {};
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return {
    versicherungssumme: Number(fahrrad['kaufpreis']),
    fahrradtyp: fahrrad['typ'] as Fahrradtyp,
    kaufdatum: text(fahrrad['kaufdatum']),
    reparatur: deckung['reparatur'] === true,
    reparaturOhneVerschleiss: deckung['reparaturOhneVerschleiss'] === true,
    schutzbrief: deckung['schutzbrief'] === true,
    zahlweise: (text(answers['zahlweise']?.['zahlweise']) as Zahlweise | null) ?? null,
    versicherungsbeginn: text(answers['beginn']?.['versicherungsbeginn']),
  };
}
