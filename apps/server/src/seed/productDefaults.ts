import type { ContractParts } from '../../../../generated/types/contract-parts.ts';
import type { contracts, Produkt } from '../db/schema/index.ts';
import type { SeedPartner } from './people.ts';

type ContractInsert = typeof contracts.$inferInsert;

/** The product-dependent fields of a demo contract: common columns and parts. */
export type ProductDefaults = Pick<
  ContractInsert,
  'vertragsart' | 'versicherungsTyp' | 'versicherungsName' | 'produktIdentifier' | 'kuendbar'
> &
  Pick<
    ContractParts,
    | 'diensthaftpflicht'
    | 'jahresumsatz'
    | 'fahrrad'
    | 'risikoOrt'
    | 'hunde'
    | 'versicherteGewerbe'
    | 'phv'
    | 'hausrat'
    | 'reise'
    | 'vh'
  > & { selbstBeteiligungUnit: 'ABSOLUT' | 'PERCENT' };

const SINGLE = { key: 'SINGLE', label: 'Single' };
const FAMILIENSTAENDE = [
  SINGLE,
  { key: 'PAAR', label: 'Paar' },
  { key: 'FAMILIE', label: 'Familie' },
  { key: 'ALLEINERZIEHEND', label: 'Alleinerziehend' },
];

const addressOf = (partner: SeedPartner) => ({
  plz: partner.plz,
  ort: partner.ort,
  strasse: partner.strasse,
  hausnummer: partner.hausnummer,
});

/** Product-specific defaults of a demo contract for a customer. */
export function productDefaults(
  produkt: Produkt,
  partner: SeedPartner,
  index: number,
): ProductDefaults {
  const base = {
    vertragsart: partner.kundentyp,
    kuendbar: 'VERTRAGSENDE' as const,
    diensthaftpflicht: null,
    jahresumsatz: null,
    fahrrad: null,
    risikoOrt: null,
    hunde: null,
    versicherteGewerbe: null,
    phv: null,
    hausrat: null,
    reise: null,
    vh: null,
    selbstBeteiligungUnit: 'ABSOLUT' as const,
  };
  const gewerbe = {
    hauptgewerbe: partner.firmenname?.includes('Gastronomie')
      ? 'Restaurant'
      : partner.firmenname?.includes('Steuer')
        ? 'Steuerberatung'
        : partner.firmenname?.includes('Architekt')
          ? 'Architekturbüro'
          : 'Elektroinstallation',
    // Business types of the catalogue (definitions/catalogues/gewerbearten.json), so that a change of
    // tariff can rate them.
    nebengewerbe: index % 2 === 0 ? ['Onlinehandel'] : [],
  };
  switch (produkt) {
    case 'PRIVATHAFTPFLICHT':
      return {
        ...base,
        vertragsart: 'PRIVAT',
        versicherungsTyp: 'PHV',
        versicherungsName: 'Privathaftpflichtversicherung',
        produktIdentifier: 'PHV_2024',
        diensthaftpflicht: {
          ausschlussZum: null,
          beruf: 'Lehrkraft',
          eingeschlossen: index % 2 === 0,
          einschlussZum: index % 2 === 0 ? '2024-01-01' : null,
        },
        phv: {
          familienstand: {
            current: FAMILIENSTAENDE[index % 3] ?? SINGLE,
            options: FAMILIENSTAENDE,
          },
          hfkVariante: partner.brand === 'hfk' ? 'HFK_PHV_TOP' : null,
        },
      };
    case 'TIERHALTERHAFTPFLICHT':
      return {
        ...base,
        vertragsart: 'PRIVAT',
        versicherungsTyp: 'TIERHALTER',
        versicherungsName: 'Tierhalterhaftpflichtversicherung',
        produktIdentifier: 'THV_2024',
        hunde: [
          {
            name: 'Bello',
            rasse: 'Labrador Retriever',
            mischling: false,
            mischlingsRasse: null,
            chipOrTattoo: '276098100234567',
          },
          ...(index % 2 === 0
            ? [
                {
                  name: 'Luna',
                  rasse: 'Mischling',
                  mischling: true,
                  mischlingsRasse: 'Border Collie',
                  chipOrTattoo: null,
                },
              ]
            : []),
        ],
      };
    case 'HAUSRAT':
      return {
        ...base,
        vertragsart: 'PRIVAT',
        versicherungsTyp: 'HAUSRAT',
        versicherungsName: 'Hausratversicherung',
        produktIdentifier: 'HAUSRAT_2024',
        risikoOrt: addressOf(partner),
        hausrat: {
          plz: partner.plz,
          wohnflaeche: 65 + index * 10,
          hausratDeckungen: [
            {
              deckungsIdentifier: 'BASIS',
              versicherungssumme: 65_000 + index * 10_000,
              selbstbeteiligung: null,
              gebaeudeart: 'MEHRFAMILIENHAUS',
            },
            {
              deckungsIdentifier: 'GLASBRUCH',
              versicherungssumme: null,
              selbstbeteiligung: null,
              gebaeudeart: null,
            },
            {
              deckungsIdentifier: 'FAHRRAD',
              versicherungssumme: 2_000,
              selbstbeteiligung: null,
              gebaeudeart: null,
            },
          ],
          elementarEinschliessbar: true,
          hfkVariante: partner.brand === 'hfk' ? 'HFK_HR_TOP' : null,
        },
      };
    case 'FAHRRAD':
    case 'FAHRRAD_2':
      return {
        ...base,
        vertragsart: 'PRIVAT',
        versicherungsTyp: 'FAHRRAD',
        versicherungsName: produkt === 'FAHRRAD' ? 'Fahrradversicherung' : 'E-Bike-Versicherung',
        produktIdentifier: produkt === 'FAHRRAD' ? 'FAHRRAD_2024' : 'EBIKE_2024',
        risikoOrt: addressOf(partner),
        fahrrad: {
          hersteller: produkt === 'FAHRRAD' ? 'Cube' : 'Riese & Müller',
          rahmennummer: `WBK${String(4_711_000 + index)}`,
          typ: produkt === 'FAHRRAD' ? 'Trekkingrad' : 'E-Bike',
          versicherteRisiken: {
            diebstahl: true,
            reparatur: true,
            reparaturOhneVerschleiss: produkt === 'FAHRRAD_2',
            schutzbrief: index % 2 === 0,
          },
        },
      };
    case 'REISE':
      return {
        ...base,
        vertragsart: 'PRIVAT',
        kuendbar: 'NEIN',
        versicherungsTyp: 'REISE',
        versicherungsName: 'Reiseversicherung',
        produktIdentifier: 'REISE_2024',
        reise: {
          personenkreis: index % 2 === 0 ? 'FAMILIE' : 'PAAR',
          beginn: '2025-07-12',
          ende: '2025-07-26',
          dauer: 14,
        },
      };
    case 'BHV_1':
    case 'BHV_2':
      return {
        ...base,
        vertragsart: 'GEWERBE',
        kuendbar: 'TAEGLICH',
        versicherungsTyp: 'BHV',
        versicherungsName: 'Betriebshaftpflicht',
        produktIdentifier: produkt === 'BHV_1' ? 'BHV_2022' : 'BHV_2024',
        jahresumsatz: { value: 250_000 + index * 115_000, isAdjustable: true },
        versicherteGewerbe: gewerbe,
      };
    case 'VH':
    case 'VH_2':
      return {
        ...base,
        vertragsart: 'GEWERBE',
        versicherungsTyp: 'VH',
        versicherungsName: 'Inhaltsversicherung',
        produktIdentifier: produkt === 'VH' ? 'VH_2022' : 'VH_2024',
        risikoOrt: addressOf(partner),
        versicherteGewerbe: gewerbe,
        vh: { versicherteGefahren: { buerohaftpflicht: index % 2 === 0, phv: index % 3 === 0 } },
      };
    case 'SI_ALLGEFAHREN':
    case 'SI_MEHRGEFAHREN':
      return {
        ...base,
        vertragsart: 'GEWERBE',
        versicherungsTyp: 'SI',
        versicherungsName:
          produkt === 'SI_ALLGEFAHREN'
            ? 'Inhaltsversicherung Allgefahren'
            : 'Inhaltsversicherung Mehrgefahren',
        produktIdentifier: produkt,
        risikoOrt: addressOf(partner),
        versicherteGewerbe: gewerbe,
        selbstBeteiligungUnit: 'PERCENT',
      };
    default:
      throw new Error(`Seed: keine Demo-Daten für das Produkt ${produkt}`);
  }
}
