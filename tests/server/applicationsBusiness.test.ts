import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import {
  applicationApi,
  HANSEN,
  startApplicationServer,
  without,
  type Answers,
} from './helpers/applications.ts';
import { pdfText } from './helpers/pdfText.ts';

// The four business lines (definitions/applications/inhaltsversicherung.json,
// inhalt-allgefahren.json, inhalt-mehrgefahren.json, vermoegensschadenhaftpflicht.json) run on
// the one application service with no code of their own: priced by their tariffs, numbered by
// their prefixes, refused with the German reasons of their tariffs and checks, drafted by agents.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const premises = { plz: '24103', ort: 'Kiel', strasse: 'Holstenstraße', hausnummer: '12' };
const rest: Answers = {
  versicherungsnehmer: {
    firma: 'Mustermann Betriebe',
    anrede: 'FRAU',
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1980-05-12',
    email: 'erika@beispiel.example',
    ...premises,
  },
  beginn: { versicherungsbeginn: '2025-07-01' },
  bankverbindung: {
    iban: 'DE75512108001245126199',
    kontoinhaber: 'Mustermann Betriebe',
    sepaMandat: true,
  },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};
const founded = { gruendungsdatum: '2021-03-01', mitarbeiter: 'BIS_5' };
const vhNeeds: Answers = {
  beratung: { hochwasser: false, kundenverkehr: true, privathaftpflicht: true, ausfall: false },
  empfehlung: { entscheidung: 'EMPFEHLUNG' },
};

interface Line {
  flow: string;
  prefix: string;
  antworten: Answers;
  price: Record<string, unknown>;
  /** Answers the line refuses (replacing steps of `antworten`) and the 422 it answers. */
  /** The refusal; a refusing rating names the answers it read (`grundFelder`), a check does not. */
  refused: { answers: Answers; error: string; message: string; grundFelder?: string[] };
  /** The needs and the decision an agent (and an advice) records first, if the line asks them. */
  advice?: Answers;
  /** What its offer and advice record print for the advice variant with `advice`. */
  documents?: { answer: string; premium: string[]; recommended: string[]; notShown: string };
}

const lines: Line[] = [
  {
    flow: 'inhaltsversicherung',
    prefix: 'VH',
    antworten: {
      betrieb: {
        hauptgewerbe: 'Buchhandlung',
        nebengewerbe: [{ gewerbe: 'Kiosk' }],
        jahresumsatz: 300000,
        ...founded,
      },
      betriebsstaette: { ...premises, flaeche: 120 },
      inhalt: { versicherungssumme: 50000, selbstbeteiligung: 'SB_500' },
      gefahren: {
        gefahren: ['FEUER', 'EINBRUCHDIEBSTAHL', 'LEITUNGSWASSER', 'STURM_HAGEL'],
        elementar: false,
      },
      bausteine: { zusatzbausteine: ['BUEROHAFTPFLICHT'] },
      risiko: { vorschaeden: 'KEINE', sicherung: 'EINBRUCHMELDEANLAGE' },
      zahlweise: { zahlweise: 'MONATLICH' },
      ...rest,
    },
    // Buchhandlung: trade 2.4 ‰, class 1 (0.9). 50 (thousands) * 2.4 * 100 % hazards * 0.9
    // = 108, * 1.2 (revenue 300,000) = 129.60, + 10 % for one additional trade = 142.56,
    // - 10 % burglar alarm = 128.304, - 10 % deductible 500 = 115.4736, + 79 office liability
    // = 194.4736 -> 194.47 a year; monthly 194.47 * 1.05 / 12 = 17.016 -> 17.02, a year 204.24;
    // tax 204.24 - 204.24 / 1.19 (171.63) = 32.61.
    price: {
      beitrag: 17.02,
      jahresbeitrag: 204.24,
      versicherungsteuer: 32.61,
      zahlweise: 'MONATLICH',
      versicherungssumme: 50000,
    },
    refused: {
      answers: { betrieb: { hauptgewerbe: 'Goldschmiede', jahresumsatz: 300000, ...founded } },
      error: 'pruefung-fehlgeschlagen',
      message:
        'Die Prüfung Ihrer Angaben zur Gewerbeart war leider nicht erfolgreich: Wir versichern online nur die Gewerbearten unserer Liste. Bitte wenden Sie sich an unseren Kundenservice.',
    },
    advice: vhNeeds,
    // The premium above; customers on the premises lead to the office liability, no flood risk.
    documents: {
      answer: 'Hauptgewerbe Buchhandlung',
      premium: ['Beitrag monatlich 17,02 €', 'Jahresbeitrag 204,24 €', '32,61 €'],
      recommended: ['Wir empfehlen Ihnen die Bürohaftpflicht'],
      notShown: 'Elementarschäden: Ihr Betrieb liegt',
    },
  },
  {
    flow: 'inhalt-allgefahren',
    prefix: 'SA',
    advice: {
      beratung: { hochwasser: true, ausfall: false, glasflaechen: true },
      empfehlung: { entscheidung: 'EMPFEHLUNG' },
    },
    documents: {
      answer: 'Hauptgewerbe Café',
      premium: ['Beitrag vierteljährlich 152,62 €', 'Jahresbeitrag 610,48 €', '97,47 €'],
      recommended: ['Allgefahrendeckung: Sie versichert', 'Glasversicherung: Ihr Betrieb hat'],
      notShown: 'Betriebsunterbrechung: Ein längerer Stillstand',
    },
    antworten: {
      betrieb: { hauptgewerbe: 'Café', ...founded },
      betriebsstaette: { ...premises, flaeche: 80 },
      inhalt: { produkt: 'SI_ALLGEFAHREN', versicherungssumme: 80000, selbstbeteiligung: 'SB_250' },
      gefahren: { deckungen: ['ELEMENTAR', 'EINFACHER_DIEBSTAHL'] },
      bausteine: { zusatzbausteine: ['GLASBRUCH'] },
      risiko: { vorschaeden: 'EINER', sicherung: 'MECHANISCH' },
      zahlweise: { zahlweise: 'VIERTELJAEHRLICH' },
      ...rest,
    },
    // Café: all-risk gastronomy 4.5 ‰, class 2 (1.0), postcode area 2 (1.05). 80 * 4.5 = 360,
    // * 1.05 = 378, * 1.15 (one claim) = 434.70, - 5 % locks = 412.965, + 15 % simple theft
    // = 474.90975, + 89 elementary + 60 glass = 623.90975, - 5 % deductible 250 = 592.714
    // -> 592.71; quarterly 592.71 * 1.03 / 4 = 152.62, a year 610.48; tax 610.48 - 513.01 = 97.47.
    price: {
      beitrag: 152.62,
      jahresbeitrag: 610.48,
      versicherungsteuer: 97.47,
      zahlweise: 'VIERTELJAEHRLICH',
      produkt: 'SI_ALLGEFAHREN',
    },
    refused: {
      answers: { risiko: { vorschaeden: 'MEHR', sicherung: 'KEINE' } },
      error: 'nicht-versicherbar',
      message:
        'Bei mehr als zwei Schäden in den letzten fünf Jahren können wir Ihren Betrieb online leider nicht versichern.',
      grundFelder: ['risiko.vorschaeden'],
    },
  },
  {
    flow: 'inhalt-mehrgefahren',
    prefix: 'SM',
    advice: {
      beratung: { hochwasser: true, ausfall: true, glasflaechen: false },
      empfehlung: { entscheidung: 'ABWEICHEND' },
    },
    documents: {
      answer: 'Hauptgewerbe Friseursalon',
      premium: ['Beitrag halbjährlich 215,93 €', 'Jahresbeitrag 431,86 €', '68,95 €'],
      recommended: ['Mehrgefahrendeckung: Sie versichert', 'Betriebsunterbrechung: Ein längerer'],
      notShown: 'Glasversicherung: Ihr Betrieb hat',
    },
    antworten: {
      betrieb: { hauptgewerbe: 'Friseursalon', ...founded, rechtsform: 'EINZELUNTERNEHMEN' },
      betriebsstaette: {
        plz: '10115',
        ort: 'Berlin',
        strasse: 'Invalidenstraße',
        hausnummer: '3',
        flaeche: 60,
      },
      inhalt: {
        produkt: 'SI_MEHRGEFAHREN',
        versicherungssumme: 160000,
        selbstbeteiligung: 'SB_KEINE',
      },
      gefahren: {
        deckungen: ['FEUER', 'EINBRUCHDIEBSTAHL', 'LEITUNGSWASSER', 'STURM_HAGEL', 'ELEMENTAR'],
      },
      bausteine: {},
      risiko: { vorschaeden: 'KEINE', sicherung: 'KEINE' },
      zahlweise: { zahlweise: 'HALBJAEHRLICH' },
      ...rest,
    },
    // Friseursalon: multi-risk services 1.9 ‰, class 2 (1.0), postcode area 1 (1.1). 160 * 1.9
    // = 304, * 100 % (all four named hazards) * 1.1 = 334.40, + 89 elementary = 423.40;
    // half-yearly 423.40 * 1.02 / 2 = 215.934 -> 215.93, a year 431.86; tax 431.86 - 362.91 = 68.95.
    price: {
      beitrag: 215.93,
      jahresbeitrag: 431.86,
      versicherungsteuer: 68.95,
      zahlweise: 'HALBJAEHRLICH',
      produkt: 'SI_MEHRGEFAHREN',
    },
    refused: {
      answers: { betriebsstaette: { ...premises, flaeche: 1500 } },
      error: 'nicht-versicherbar',
      message: 'Geschäftsräume mit mehr als 1.000 m² versichern wir online leider nicht.',
      grundFelder: ['betriebsstaette.flaeche'],
    },
  },
  {
    flow: 'vermoegensschadenhaftpflicht',
    prefix: 'VS',
    advice: {
      beratung: { vortaetigkeit: true, grossprojekte: false, kammer: true },
      empfehlung: { entscheidung: 'EMPFEHLUNG' },
    },
    documents: {
      answer: 'Hauptgewerbe Steuerberatung',
      premium: ['Beitrag jährlich 643,69 €', 'Jahresbeitrag 643,69 €', '102,77 €'],
      recommended: ['Vermögensschadenhaftpflicht: Sie schützt', 'Rückwärtsversicherung: Sie waren'],
      notShown: 'Versicherungssumme: Sie betreuen',
    },
    antworten: {
      betrieb: { hauptgewerbe: 'Steuerberatung', jahresumsatz: 180000, ...founded },
      taetigkeit: { beschreibung: 'Steuerberatung für kleine Betriebe', auslandsbezug: 'EUROPA' },
      deckung: {
        versicherungssumme: 500000,
        selbstbeteiligung: 'SB_500',
        rueckwaertsversicherung: true,
      },
      risiko: { bekannteSchaeden: false, vorversicherungGekuendigt: false },
      zahlweise: { zahlweise: 'JAEHRLICH' },
      ...rest,
    },
    // Steuerberatung: class 2 (1.0). 390 (sum 500,000) * 1.3 (fees up to 250,000) = 507,
    // * 1.15 (Europe) = 583.05, + 20 % prior acts = 699.66, - 8 % deductible 500 = 643.6872
    // -> 643.69 a year; tax 643.69 - 540.92 = 102.77.
    price: {
      beitrag: 643.69,
      jahresbeitrag: 643.69,
      versicherungsteuer: 102.77,
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 500000,
    },
    refused: {
      answers: { betrieb: { hauptgewerbe: 'Bäckerei', jahresumsatz: 180000, ...founded } },
      error: 'nicht-versicherbar',
      message:
        'Die Vermögensschadenhaftpflicht bieten wir nur für beratende und planende Berufe an, zum Beispiel Steuerberatung, IT-Beratung oder Architekturbüros. Für Ihre Tätigkeit passt eine Betriebshaftpflichtversicherung.',
      grundFelder: ['betrieb.hauptgewerbe'],
    },
  },
];

describe.each(lines)('the business line $flow on the one application service', (line) => {
  const { apply, price, application, countApplications } = applicationApi(() => server, line.flow);
  const agentAnswers = { ...without(line.antworten, 'versicherungsnehmer'), ...line.advice };

  it('prices the answers with the tariff', async () => {
    const response = await price({ variante: 'customer', marke: 'hfk', antworten: line.antworten });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ versicherbar: true, grund: null, ...line.price });
  });

  it(`submits with a ${line.prefix} number and stores the price with the tariff's worksheet`, async () => {
    const response = await apply({ variante: 'customer', marke: 'hfk', antworten: line.antworten });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toMatchObject({
      antragsnummer: expect.stringMatching(new RegExp(`^${line.prefix}-\\d{8}$`)),
      status: 'eingereicht',
      ...line.price,
    });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({ flow: line.flow, flow_version: 1, brand: 'hfk' });
    expect(row?.data.beitrag).toMatchObject({ beitrag: line.price['beitrag'] });
  });

  it('refuses with a 422 and the German reason, storing nothing', async () => {
    const before = await countApplications();
    const antworten = { ...line.antworten, ...line.refused.answers };
    const response = await apply({ variante: 'customer', marke: 'hfk', antworten });
    expect(response.statusCode).toBe(422);
    const { error, message, grundFelder } = line.refused;
    expect(response.json()).toEqual({ error, message, ...(grundFelder ? { grundFelder } : {}) });
    expect(await countApplications()).toBe(before);
  });

  it('keeps an agent’s draft, gives it back and turns it into the application', async () => {
    const id = crypto.randomUUID();
    const url = `/api/vermittler/entwuerfe/${id}`;
    const zustand = { formData: { betrieb: line.antworten['betrieb'] }, currentStep: 'betrieb' };
    const saved = await server.app.inject({
      method: 'PUT',
      url,
      headers: HANSEN,
      payload: { flow: line.flow, version: 1, partnerNummer: '2000103', zustand },
    });
    expect(saved.statusCode).toBe(201);
    const read = await server.app.inject({ method: 'GET', url, headers: HANSEN });
    expect(read.json()).toMatchObject({ flow: line.flow, zustand });

    const response = await apply(
      { variante: 'agent', partnerNummer: '2000103', entwurf: id, antworten: agentAnswers },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    const { antragsnummer } = response.json<{ antragsnummer: string }>();
    expect(antragsnummer).toMatch(new RegExp(`^${line.prefix}-\\d{8}$`));
    expect(await application(antragsnummer)).toMatchObject({
      id,
      owner_id: 'V-AS-100',
      partner_nummer: '2000103',
    });
  });
});

describe('refusals the price already shows', () => {
  it('tells an unknown trade and a trade that gives no advice apart, before anything is submitted', async () => {
    const vsh = applicationApi(() => server, 'vermoegensschadenhaftpflicht');
    const [unknown, baker] = await Promise.all(
      ['Goldschmiede', 'Bäckerei'].map((hauptgewerbe) =>
        vsh.price({
          variante: 'customer',
          marke: 'hfk',
          antworten: { betrieb: { hauptgewerbe, jahresumsatz: 90000, ...founded } },
        }),
      ),
    );
    expect(unknown?.json()).toMatchObject({
      versicherbar: false,
      grund:
        'Diese Tätigkeit finden wir nicht in unserer Liste. Bitte wählen Sie Ihr Hauptgewerbe aus den Vorschlägen.',
    });
    expect(baker?.json()).toMatchObject({ versicherbar: false, beitrag: null });
  });

  it('keeps the founding date of 1 January 2019 or later, with its German message', async () => {
    const vh = lines[0] as Line;
    const response = await applicationApi(() => server, vh.flow).apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: {
        ...vh.antworten,
        betrieb: { ...vh.antworten['betrieb'], gruendungsdatum: '2018-12-31' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      {
        path: '/body/antworten/betrieb/gruendungsdatum',
        keyword: 'foundingYear',
        message: 'Das Gründungsdatum darf nicht vor dem 01.01.2019 liegen.',
      },
    ]);
  });
});

// The business lines write the offer and the advice record of an advice from their answers:
// the premiums are those worked out above, the recommendations those the needs lead to.
describe.each(lines.filter((line) => line.documents))(
  'the offer and advice record of $flow',
  (line) => {
    it('prints the answers, the premium, the brand, the recommendations shown and the decision', async () => {
      const documents = line.documents as NonNullable<Line['documents']>;
      const antworten = { ...without(line.antworten, 'einwilligungen'), ...line.advice };
      const post = (kind: 'angebot' | 'beratungsdokumentation') =>
        server.app.inject({
          method: 'POST',
          url: `/api/antrag/${line.flow}/${kind}`,
          payload: { variante: 'advice', marke: 'hfk', antworten },
        });
      const offer = await post('angebot');
      expect(offer.statusCode).toBe(200);
      expect(offer.headers['content-type']).toBe('application/pdf');
      const offerText = await pdfText(offer.rawPayload);
      for (const expected of ['HFK', documents.answer, ...documents.premium])
        expect(offerText).toContain(expected);

      const record = await post('beratungsdokumentation');
      expect(record.statusCode).toBe(200);
      const recordText = await pdfText(record.rawPayload);
      const decision =
        line.advice?.['empfehlung']?.['entscheidung'] === 'EMPFEHLUNG'
          ? 'Ihre Entscheidung Ich folge der Empfehlung.'
          : 'Ihre Entscheidung Ich entscheide mich anders als empfohlen.';
      for (const expected of [
        'HFK',
        'Beratung durch Online-Beratung',
        'Unsere Empfehlung',
        ...documents.recommended,
        decision,
        ...documents.premium,
      ])
        expect(recordText).toContain(expected);
      expect(recordText).not.toContain(documents.notShown);
    });
  },
);
