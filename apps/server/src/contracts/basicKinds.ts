import { PHV_ANZAHLEN, SELBSTBETEILIGUNGEN, ZAHLWEISEN } from '../db/schema/index.ts';
import type { PricingInput } from '../pricing/index.ts';
import type { ChangeKindSpec } from './changeKind.ts';
import { partOf } from './parts.ts';

const SB_AMOUNT: Record<string, number> = {
  SB_KEINE: 0,
  SB_250: 250,
  SB_500: 500,
  SB_1000: 1000,
  SB_5000: 5000,
};

/** The changes of one flag or level: payment period, deductible, elementary, persons, office liability. */
export const BASIC_KINDS = {
  zahlweise: {
    field: 'zahlweise',
    valueSchema: { enum: [...ZAHLWEISEN] },
    art: 'ZAHLWEISE',
    eventTyp: 'ZahlweiseGeaendert',
    beitragPath: 'zahlweise',
    generic: true,
    apply: (input, value) => ({ ...input, zahlweise: value as PricingInput['zahlweise'] }),
    columns: (value) => ({ zahlweise: value as PricingInput['zahlweise'] }),
    current: (row) => row.zahlweise,
  },
  selbstbeteiligung: {
    field: 'neueSelbstbeteiligung',
    valueSchema: { enum: [...SELBSTBETEILIGUNGEN] },
    art: 'SELBSTBETEILIGUNG',
    eventTyp: 'SelbstbeteiligungGeaendert',
    beitragPath: 'selbstbeteiligung',
    generic: true,
    apply: (input, value) => ({
      ...input,
      selbstbeteiligung: value as PricingInput['selbstbeteiligung'],
    }),
    columns: (value) => ({
      neueSelbstbeteiligung: value as PricingInput['selbstbeteiligung'],
      selbstBeteiligung: { value: SB_AMOUNT[value as string] ?? 0, unit: 'ABSOLUT' },
    }),
    current: (row) => partOf(row, 'neueSelbstbeteiligung'),
  },
  elementar: {
    field: 'elementar',
    valueSchema: { type: 'boolean' },
    art: 'ELEMENTAR',
    eventTyp: 'ElementarGeaendert',
    beitragPath: 'elementar',
    generic: true,
    apply: (input, value) => ({ ...input, elementar: value === true }),
    columns: (value) => ({ elementar: value === true }),
    current: (row) => partOf(row, 'elementar'),
  },
  phv: {
    field: 'phvAnzahl',
    valueSchema: { enum: [...PHV_ANZAHLEN] },
    art: 'PHV_ANZAHL',
    eventTyp: 'PhvAnzahlGeaendert',
    beitragPath: 'phv',
    generic: true,
    apply: (input, value) => ({ ...input, phvAnzahl: value as PricingInput['phvAnzahl'] }),
    columns: (value) => ({ phvAnzahl: value as PricingInput['phvAnzahl'] }),
    current: (row) => partOf(row, 'phvAnzahl'),
  },
  buerohaftpflicht: {
    field: 'buerohaftpflicht',
    valueSchema: { type: 'boolean' },
    art: 'BUEROHAFTPFLICHT',
    eventTyp: 'BuerohaftpflichtGeaendert',
    beitragPath: 'buerohaftpflicht',
    generic: true,
    apply: (input, value) => ({ ...input, buerohaftpflicht: value === true }),
    columns: (value) => ({ buerohaftpflicht: value === true }),
    current: (row) => partOf(row, 'buerohaftpflicht'),
  },
} satisfies Record<string, ChangeKindSpec>;
