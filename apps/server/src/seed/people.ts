import type { Brand } from '../db/schema/index.ts';

/** A demo agency with its main agent and one sub-agent. */
export interface SeedAgency {
  agenturNummer: string;
  brand: Brand;
  name: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  agent: { vermittlerNummer: string; name: string; email: string };
  subAgent: { vermittlerNummer: string; name: string; email: string };
}

/** A demo customer. */
export interface SeedPartner {
  partnerNummer: string;
  brand: Brand;
  kundentyp: 'PRIVAT' | 'GEWERBE';
  anrede: 'Frau' | 'Herr';
  vorname: string;
  nachname: string;
  firmenname?: string;
  geburtsdatum: string;
  email: string;
  telefon: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  land: 'DE' | 'CH';
  vermittlerNummer: string;
  /** Bank code and account for a deterministic, valid IBAN. */
  bank: { country: 'DE' | 'CH'; bankCode: string; account: string; bic: string };
}

/** One agency per brand. */
export const SEED_AGENCIES: SeedAgency[] = [
  {
    agenturNummer: 'AG-AS-01',
    brand: 'andsafe',
    name: 'Versicherungsbüro Hansen',
    strasse: 'Holstenstraße',
    hausnummer: '88',
    plz: '24103',
    ort: 'Kiel',
    agent: {
      vermittlerNummer: 'V-AS-100',
      name: 'Jens Hansen',
      email: 'jens.hansen@vb-hansen.example',
    },
    subAgent: {
      vermittlerNummer: 'V-AS-101',
      name: 'Mira Hansen',
      email: 'mira.hansen@vb-hansen.example',
    },
  },
  {
    agenturNummer: 'AG-HFK-01',
    brand: 'hfk',
    name: 'HFK Agentur Petersen',
    strasse: 'Mönckebergstraße',
    hausnummer: '7',
    plz: '20095',
    ort: 'Hamburg',
    agent: {
      vermittlerNummer: 'V-HFK-200',
      name: 'Ole Petersen',
      email: 'ole.petersen@hfk-petersen.example',
    },
    subAgent: {
      vermittlerNummer: 'V-HFK-201',
      name: 'Lena Petersen',
      email: 'lena.petersen@hfk-petersen.example',
    },
  },
  {
    agenturNummer: 'AG-SD-01',
    brand: 's-direkt',
    name: 'S-Direkt Vertrieb Nord',
    strasse: 'Georgstraße',
    hausnummer: '21',
    plz: '30159',
    ort: 'Hannover',
    agent: {
      vermittlerNummer: 'V-SD-300',
      name: 'Birgit Krüger',
      email: 'birgit.krueger@sdirekt-nord.example',
    },
    subAgent: {
      vermittlerNummer: 'V-SD-301',
      name: 'Tim Krüger',
      email: 'tim.krueger@sdirekt-nord.example',
    },
  },
  {
    agenturNummer: 'AG-PR-01',
    brand: 'protect',
    name: 'Protect Versicherungsmakler GmbH',
    strasse: 'Zeil',
    hausnummer: '106',
    plz: '60313',
    ort: 'Frankfurt am Main',
    agent: {
      vermittlerNummer: 'V-PR-400',
      name: 'Andreas Wolf',
      email: 'andreas.wolf@protect-makler.example',
    },
    subAgent: {
      vermittlerNummer: 'V-PR-401',
      name: 'Nina Wolf',
      email: 'nina.wolf@protect-makler.example',
    },
  },
  {
    agenturNummer: 'AG-PCH-01',
    brand: 'protect-ch',
    name: 'Protect Schweiz AG',
    strasse: 'Löwenstrasse',
    hausnummer: '29',
    plz: '8001',
    ort: 'Zürich',
    agent: {
      vermittlerNummer: 'V-PCH-500',
      name: 'Reto Keller',
      email: 'reto.keller@protect-schweiz.example',
    },
    subAgent: {
      vermittlerNummer: 'V-PCH-501',
      name: 'Sandra Keller',
      email: 'sandra.keller@protect-schweiz.example',
    },
  },
];

const de = (bankCode: string, account: string, bic: string) => ({
  country: 'DE' as const,
  bankCode,
  account,
  bic,
});

/** The demo customers; the first of each brand is its demo sign-in. */
export const SEED_PARTNERS: SeedPartner[] = [
  {
    partnerNummer: '2000101',
    brand: 'andsafe',
    kundentyp: 'PRIVAT',
    anrede: 'Frau',
    vorname: 'Anna',
    nachname: 'Schmidt',
    geburtsdatum: '1985-03-14',
    email: 'anna.schmidt@beispiel.example',
    telefon: '+4915112345601',
    strasse: 'Friedrichstraße',
    hausnummer: '112',
    plz: '10117',
    ort: 'Berlin',
    land: 'DE',
    vermittlerNummer: 'V-AS-100',
    bank: de('10050000', '0123456701', 'BELADEBEXXX'),
  },
  {
    partnerNummer: '2000102',
    brand: 'andsafe',
    kundentyp: 'GEWERBE',
    anrede: 'Herr',
    vorname: 'Thomas',
    nachname: 'Becker',
    firmenname: 'Becker Elektrotechnik GmbH',
    geburtsdatum: '1972-09-02',
    email: 'info@becker-elektro.example',
    telefon: '+4934112345602',
    strasse: 'Karl-Liebknecht-Straße',
    hausnummer: '54',
    plz: '04275',
    ort: 'Leipzig',
    land: 'DE',
    vermittlerNummer: 'V-AS-101',
    bank: de('86050200', '1100223344', 'SOLADES1LPZ'),
  },
  {
    partnerNummer: '2000103',
    brand: 'andsafe',
    kundentyp: 'PRIVAT',
    anrede: 'Herr',
    vorname: 'Jonas',
    nachname: 'Wagner',
    geburtsdatum: '1991-12-30',
    email: 'jonas.wagner@beispiel.example',
    telefon: '+4917612345603',
    strasse: 'Aachener Straße',
    hausnummer: '301',
    plz: '50931',
    ort: 'Köln',
    land: 'DE',
    vermittlerNummer: 'V-AS-100',
    bank: de('37050198', '0012345678', 'COLSDE33XXX'),
  },
  {
    partnerNummer: '3000101',
    brand: 'hfk',
    kundentyp: 'PRIVAT',
    anrede: 'Herr',
    vorname: 'Klaus',
    nachname: 'Müller',
    geburtsdatum: '1968-07-22',
    email: 'klaus.mueller@beispiel.example',
    telefon: '+4916012345604',
    strasse: 'Elbchaussee',
    hausnummer: '45',
    plz: '22763',
    ort: 'Hamburg',
    land: 'DE',
    vermittlerNummer: 'V-HFK-200',
    bank: de('20050550', '1234567890', 'HASPDEHHXXX'),
  },
  {
    partnerNummer: '3000102',
    brand: 'hfk',
    kundentyp: 'GEWERBE',
    anrede: 'Frau',
    vorname: 'Sabine',
    nachname: 'Hoffmann',
    firmenname: 'Steuerberatung Hoffmann',
    geburtsdatum: '1979-11-05',
    email: 'kanzlei@hoffmann-stb.example',
    telefon: '+4941312345605',
    strasse: 'Am Sande',
    hausnummer: '3',
    plz: '21335',
    ort: 'Lüneburg',
    land: 'DE',
    vermittlerNummer: 'V-HFK-201',
    bank: de('24050110', '0055667788', 'NOLADE21LBG'),
  },
  {
    partnerNummer: '3000103',
    brand: 'hfk',
    kundentyp: 'PRIVAT',
    anrede: 'Herr',
    vorname: 'Peter',
    nachname: 'Weber',
    geburtsdatum: '1958-04-18',
    email: 'peter.weber@beispiel.example',
    telefon: '+4942112345606',
    strasse: 'Schwachhauser Heerstraße',
    hausnummer: '190',
    plz: '28211',
    ort: 'Bremen',
    land: 'DE',
    vermittlerNummer: 'V-HFK-200',
    bank: de('29050101', '0987654321', 'SBREDE22XXX'),
  },
  {
    partnerNummer: '4000101',
    brand: 's-direkt',
    kundentyp: 'PRIVAT',
    anrede: 'Frau',
    vorname: 'Julia',
    nachname: 'Fischer',
    geburtsdatum: '1988-06-09',
    email: 'julia.fischer@beispiel.example',
    telefon: '+4915212345607',
    strasse: 'Leopoldstraße',
    hausnummer: '77',
    plz: '80802',
    ort: 'München',
    land: 'DE',
    vermittlerNummer: 'V-SD-300',
    bank: de('70150000', '0044556677', 'SSKMDEMMXXX'),
  },
  {
    partnerNummer: '4000102',
    brand: 's-direkt',
    kundentyp: 'GEWERBE',
    anrede: 'Herr',
    vorname: 'Markus',
    nachname: 'Schneider',
    firmenname: 'Schneider Gastronomie GmbH',
    geburtsdatum: '1975-01-27',
    email: 'kontakt@schneider-gastro.example',
    telefon: '+4991112345608',
    strasse: 'Königstraße',
    hausnummer: '12',
    plz: '90402',
    ort: 'Nürnberg',
    land: 'DE',
    vermittlerNummer: 'V-SD-301',
    bank: de('76050101', '0033221100', 'SSKNDE77XXX'),
  },
  {
    partnerNummer: '5000101',
    brand: 'protect',
    kundentyp: 'PRIVAT',
    anrede: 'Frau',
    vorname: 'Laura',
    nachname: 'Meyer',
    geburtsdatum: '1993-02-11',
    email: 'laura.meyer@beispiel.example',
    telefon: '+4917012345609',
    strasse: 'Königstraße',
    hausnummer: '28',
    plz: '70173',
    ort: 'Stuttgart',
    land: 'DE',
    vermittlerNummer: 'V-PR-400',
    bank: de('60050101', '0077889900', 'SOLADEST600'),
  },
  {
    partnerNummer: '5000102',
    brand: 'protect',
    kundentyp: 'GEWERBE',
    anrede: 'Herr',
    vorname: 'Stefan',
    nachname: 'Schulz',
    firmenname: 'Schulz Architekten PartG',
    geburtsdatum: '1969-08-03',
    email: 'buero@schulz-architekten.example',
    telefon: '+4921112345610',
    strasse: 'Königsallee',
    hausnummer: '60',
    plz: '40212',
    ort: 'Düsseldorf',
    land: 'DE',
    vermittlerNummer: 'V-PR-401',
    bank: de('30050110', '0066554433', 'DUSSDEDDXXX'),
  },
  {
    partnerNummer: '6000101',
    brand: 'protect-ch',
    kundentyp: 'PRIVAT',
    anrede: 'Herr',
    vorname: 'Lukas',
    nachname: 'Brunner',
    geburtsdatum: '1982-10-19',
    email: 'lukas.brunner@beispiel.example',
    telefon: '+41791234561',
    strasse: 'Bahnhofstrasse',
    hausnummer: '12',
    plz: '8001',
    ort: 'Zürich',
    land: 'CH',
    vermittlerNummer: 'V-PCH-500',
    bank: { country: 'CH', bankCode: '00700', account: '110000204321', bic: 'ZKBKCHZZ80A' },
  },
];

/** Computes a valid IBAN (ISO 13616 mod-97 check digits) from country, bank code and account. */
export function iban(country: string, bankCode: string, account: string): string {
  const bban = bankCode + account;
  const digits = (bban + country + '00').replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}
