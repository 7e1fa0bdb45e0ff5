import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { interpolate, isMarketPostcode } from '#engine';
import type { ContractParts } from '../../../../generated/types/contract-parts.ts';
import { partners } from '../db/schema/index.ts';
import { contractTariff, variantForSum, type TariffCoverVariant } from '../tariffs/index.ts';
import { marketOf } from '../platform/brands.ts';
import type { ChangeContext, ChangeKindSpec } from './changeSpec.ts';
import { contractCurrency } from './pricingInput.ts';
import { partOf } from './parts.ts';

/** The household part of a contract, and one of its covers. */
type HausratTeil = NonNullable<ContractParts['hausrat']>;
type HausratDeckung = HausratTeil['hausratDeckungen'][number];

/** A new risk address with the household data of spec section 3 ("New address"). */
export interface NeuerRisikoort {
  plz: string;
  ort: string;
  strasse: string;
  hausnummer: string;
  wohnflaeche?: number;
  versicherungssumme?: number;
  etage?: number;
  gebaeudeart?: string;
  auspraegungen?: { name: string; value: string }[];
  /** The moving service: take the new address over as the postal address too. */
  umzugsservice?: { postanschriftUebernehmen: boolean };
}

/** A household cover switched on or off (PATCH .../deckung/hausrat/{coverageType}). */
export interface HausratDeckungAenderung {
  deckung: HausratDeckungsTyp;
  eingeschlossen: boolean;
  versicherungssumme?: number;
}

/** The household cover types (spec section 3) by their path segment. */
export const HAUSRAT_DECKUNGEN = {
  basis: 'BASIS',
  glasbruch: 'GLASBRUCH',
  elementar: 'ELEMENTAR',
  fahrrad: 'FAHRRAD',
  schutzbrief: 'SCHUTZBRIEF',
  'unbenannte-gefahren': 'UNBENANNTE_GEFAHREN',
} as const;

/** A household cover identifier. */
export type HausratDeckungsTyp = (typeof HAUSRAT_DECKUNGEN)[keyof typeof HAUSRAT_DECKUNGEN];

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });

/** The variant a household of `needed` insured sum requires: the current one when it suffices. */
function householdVariant(context: ChangeContext, needed: number): TariffCoverVariant | undefined {
  const tariff = contractTariff(
    context.tariffs,
    context.row.produkt,
    contractCurrency(context.row),
  );
  if (!tariff) return undefined;
  const current = tariff.coverVariants.find((v) => v.id === context.row.deckungsIdentifier);
  if (current && current.insuranceSum >= needed) return current;
  return variantForSum(tariff, context.row.produkt, needed);
}

/** The insured sum a new home needs: the given one, at least living space times the tariff's rate. */
function neededSum(value: NeuerRisikoort, context: ChangeContext): number {
  const rate =
    context.tariffs.get(context.row.produkt, contractCurrency(context.row))?.sumPerSquareMeter ?? 0;
  return Math.max(value.versicherungssumme ?? 0, (value.wohnflaeche ?? 0) * rate);
}

function withBasis(hausrat: HausratTeil, patch: Partial<HausratDeckung>): HausratDeckung[] {
  return hausrat.hausratDeckungen.map((deckung) =>
    deckung.deckungsIdentifier === 'BASIS' ? { ...deckung, ...patch } : deckung,
  );
}

/** Move to a new risk address (POST .../beitrag/risikoort; saved by PATCH .../{id}). */
export const risikoort: ChangeKindSpec = {
  field: 'risikoOrt',
  valueSchema: {
    type: 'object',
    properties: {
      // A postcode of the contract's brand's country: checked against its market in check.
      plz: { type: 'string', minLength: 1, maxLength: 10 },
      ort: text(100),
      strasse: text(100),
      hausnummer: text(10),
      wohnflaeche: { type: 'number', minimum: 10, maximum: 1000 },
      versicherungssumme: { type: 'number', minimum: 0, maximum: 10_000_000 },
      etage: { type: 'integer', minimum: -5, maximum: 100 },
      gebaeudeart: text(40),
      umzugsservice: {
        type: 'object',
        properties: { postanschriftUebernehmen: { type: 'boolean' } },
        required: ['postanschriftUebernehmen'],
        additionalProperties: false,
      },
      auspraegungen: {
        type: 'array',
        maxItems: 20,
        items: {
          type: 'object',
          properties: { name: text(60), value: text(200) },
          required: ['name', 'value'],
          additionalProperties: false,
        },
      },
    },
    required: ['plz', 'ort', 'strasse', 'hausnummer'],
    additionalProperties: false,
  },
  art: 'RISIKOORT',
  pendingList: 'vorgemerkterRisikoOrt',
  eventTyp: 'NeueAdresse',
  beitragPath: 'risikoort',
  generic: true,
  fieldProblems: (value, context) => {
    const market = marketOf(context.row.brand);
    return isMarketPostcode((value as NeuerRisikoort).plz, market)
      ? []
      : [
          {
            path: 'plz',
            keyword: 'postcode',
            message: interpolate(
              common.validation.postcode,
              { beispiel: market.postcode.example },
              market,
            ),
          },
        ];
  },
  check: (value, context) => {
    const neu = value as NeuerRisikoort;
    if (!partOf(context.row, 'risikoOrt')) return 'Zu diesem Vertrag gehört kein Risikoort.';
    if (!partOf(context.row, 'hausrat')) return null;
    if (neu.wohnflaeche === undefined)
      return 'Bitte geben Sie die Wohnfläche der neuen Wohnung an.';
    return householdVariant(context, neededSum(neu, context))
      ? null
      : 'Für diese Wohnung können wir den Vertrag nicht online anpassen. Bitte sprechen Sie uns an.';
  },
  apply: (input, value, context) => {
    if (!partOf(context.row, 'hausrat')) return input;
    const variant = householdVariant(context, neededSum(value as NeuerRisikoort, context));
    return variant ? { ...input, deckungsIdentifier: variant.id } : input;
  },
  columns: (value, context) => {
    const neu = value as NeuerRisikoort;
    const address = {
      plz: neu.plz,
      ort: neu.ort,
      strasse: neu.strasse,
      hausnummer: neu.hausnummer,
    };
    const hausrat = partOf(context.row, 'hausrat');
    if (!hausrat) return { risikoOrt: address };
    const summe = neededSum(neu, context);
    const variant = householdVariant(context, summe);
    return {
      risikoOrt: address,
      deckungsIdentifier: context.input.deckungsIdentifier,
      versicherungsSumme: variant?.insuranceSum ?? context.row.versicherungsSumme,
      hausrat: {
        ...hausrat,
        plz: neu.plz,
        wohnflaeche: neu.wohnflaeche ?? hausrat.wohnflaeche,
        hausratDeckungen: withBasis(hausrat, {
          versicherungssumme: summe,
          ...(neu.gebaeudeart ? { gebaeudeart: neu.gebaeudeart } : {}),
        }),
      },
    };
  },
  current: (row) => partOf(row, 'risikoOrt'),
  onEffective: async (tx, value, row) => {
    const neu = value as NeuerRisikoort;
    if (!neu.umzugsservice?.postanschriftUebernehmen) return;
    await tx
      .update(partners)
      .set({ strasse: neu.strasse, hausnummer: neu.hausnummer, plz: neu.plz, ort: neu.ort })
      .where(eq(partners.partnerNummer, row.partnerNummer));
  },
  eventFields: (value, context) => {
    const neu = value as NeuerRisikoort;
    return {
      plz: neu.plz,
      ort: neu.ort,
      hausnummer: neu.hausnummer,
      strasse: neu.strasse,
      wohnflaeche: neu.wohnflaeche ?? partOf(context.row, 'hausrat')?.wohnflaeche ?? null,
      versicherungssumme: partOf(context.row, 'hausrat') ? neededSum(neu, context) : null,
      etage: neu.etage ?? null,
      gebaeudeart: neu.gebaeudeart ?? null,
      auspraegungen: neu.auspraegungen ?? [],
      umzugsservice: neu.umzugsservice?.postanschriftUebernehmen === true,
    };
  },
};

/** Switches one household cover on or off (POST/PATCH .../hausrat/{coverageType}). */
export const hausrat: ChangeKindSpec = {
  field: 'hausratDeckung',
  valueSchema: {
    type: 'object',
    properties: {
      deckung: { enum: Object.values(HAUSRAT_DECKUNGEN) },
      eingeschlossen: { type: 'boolean' },
      versicherungssumme: { type: 'number', minimum: 0, maximum: 10_000_000 },
    },
    required: ['deckung', 'eingeschlossen'],
    additionalProperties: false,
  },
  art: 'HAUSRAT_DECKUNG',
  pendingList: 'vorgemerkteHausratDeckungen',
  eventTyp: 'HausratDeckungGeaendert',
  beitragPath: null,
  generic: false,
  check: (value, context) => {
    const change = value as HausratDeckungAenderung;
    const teil = partOf(context.row, 'hausrat');
    if (!teil) return 'Diese Änderung ist für Ihren Vertrag nicht möglich.';
    if (change.deckung === 'BASIS') {
      if (!change.eingeschlossen) return 'Die Grunddeckung kann nicht abgewählt werden.';
      if (change.versicherungssumme === undefined) return null;
      return householdVariant(context, change.versicherungssumme)
        ? null
        : 'Diese Versicherungssumme bieten wir für Ihren Vertrag nicht an.';
    }
    if (change.deckung === 'ELEMENTAR' && change.eingeschlossen && !teil.elementarEinschliessbar)
      return 'Elementarschutz kann in dieser Deckung nicht eingeschlossen werden.';
    return null;
  },
  apply: (input, value, context) => {
    const change = value as HausratDeckungAenderung;
    if (change.deckung === 'ELEMENTAR') return { ...input, elementar: change.eingeschlossen };
    if (change.deckung === 'BASIS') {
      const variant = householdVariant(context, change.versicherungssumme ?? 0);
      return variant ? { ...input, deckungsIdentifier: variant.id } : input;
    }
    const others = (input.hausratDeckungen ?? []).filter((id) => id !== change.deckung);
    return {
      ...input,
      hausratDeckungen: change.eingeschlossen ? [...others, change.deckung] : others,
    };
  },
  columns: (value, context) => {
    const change = value as HausratDeckungAenderung;
    const teil = partOf(context.row, 'hausrat');
    if (change.deckung === 'ELEMENTAR') return { elementar: change.eingeschlossen };
    if (!teil) return {};
    if (change.deckung === 'BASIS') {
      const variant = householdVariant(context, change.versicherungssumme ?? 0);
      return {
        deckungsIdentifier: context.input.deckungsIdentifier,
        versicherungsSumme: variant?.insuranceSum ?? context.row.versicherungsSumme,
        hausrat: {
          ...teil,
          hausratDeckungen: withBasis(teil, { versicherungssumme: change.versicherungssumme }),
        },
      };
    }
    const others = teil.hausratDeckungen.filter((d) => d.deckungsIdentifier !== change.deckung);
    const added: HausratDeckung = {
      deckungsIdentifier: change.deckung,
      versicherungssumme: change.versicherungssumme ?? null,
      selbstbeteiligung: null,
      gebaeudeart: null,
    };
    return {
      hausrat: { ...teil, hausratDeckungen: change.eingeschlossen ? [...others, added] : others },
    };
  },
  replaces: (neu, alt) =>
    (neu as HausratDeckungAenderung).deckung === (alt as HausratDeckungAenderung).deckung,
  current: (row) => [
    ...(partOf(row, 'hausrat')?.hausratDeckungen ?? []).map(
      (deckung) => deckung.deckungsIdentifier,
    ),
    ...(partOf(row, 'elementar') ? ['ELEMENTAR'] : []),
  ],
};
