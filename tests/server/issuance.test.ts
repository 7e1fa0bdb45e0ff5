import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import {
  issueApplication,
  issueDue,
  type IssueContext,
} from '../../apps/server/src/applications/issue.ts';
import { contractDocumentsOf } from '../../apps/server/src/documents/contractDocumentList.ts';
import { databaseFileStore } from '../../apps/server/src/files/databaseStore.ts';
import { createFlowRegistry } from '../../apps/server/src/flows/registry.ts';
import { uploadConfigOf } from '../../apps/server/src/portal/uploadStore.ts';
import { defaultTariffs } from '../../apps/server/src/tariffs/index.ts';
import { createAjv } from '../../engine/validation/createAjv.ts';
import type { TestServer } from './helpers/testDatabase.ts';
import { asCustomer, TODAY } from './helpers/testDatabase.ts';
import {
  adviceAnswers,
  agentAnswers,
  antworten,
  HANSEN,
  IBAN,
  startApplicationServer,
  type Answers,
} from './helpers/applications.ts';
import { pdfText } from './helpers/pdfText.ts';

// Issuance (applications/issue.ts): a submitted application of a line that declares `issue`
// becomes a contract, at once or on the day its rule gives, through the settle sweep's clock.

const view = JSON.parse(
  readFileSync('definitions/schema/contract-view.schema.json', 'utf8'),
) as Record<string, unknown>;
const validate = createAjv().compile(view);

let day = TODAY;
let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer(undefined, { today: () => day, settleIntervalMs: 0 });
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** A customer of the seed without contracts of the lines these tests buy. */
const CUSTOMER = '2000103';

const submit = async (flow: string, body: unknown, headers: Record<string, string>) => {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/antrag/${flow}`,
    headers,
    payload: body as object,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ antragsnummer: string }>().antragsnummer;
};

/** The contract an application was issued as (null: not issued), read from the application. */
const issuedAs = async (antragsnummer: string): Promise<string | null> => {
  const [row] = await queryRows<{ issued_contract: string | null }>(
    server.db.database.db,
    sql`SELECT issued_contract FROM applications WHERE antragsnummer = ${antragsnummer}`,
  );
  return row?.issued_contract ?? null;
};

const contractsOf = async (partner: string) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/vertrag/vertrag/findByPartnerNummer/${partner}`,
    headers: asCustomer(partner),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ versicherungsNummer: string }[]>();
};

const contract = async (nummer: string, partner: string) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/vertrag/vertrag/${nummer}`,
    headers: asCustomer(partner),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
};

const customer = { variante: 'customer', antworten };

describe('a submitted bike application is issued as a contract at once', () => {
  it('by a customer: its contract is what the contract view describes, with the answers in it', async () => {
    const antragsnummer = await submit('fahrrad', customer, asCustomer(CUSTOMER));
    const nummer = await issuedAs(antragsnummer);
    expect(nummer).toMatch(/^FA-V\d{7}$/);
    const read = await contract(nummer ?? '', CUSTOMER);
    expect(validate(read) ? [] : validate.errors).toEqual([]);
    expect(read).toMatchObject({
      versicherungsNummer: nummer,
      produkt: 'FAHRRAD',
      vertragsstatus: 'LAUFEND',
      aktiv: true,
      marke: 'ANDSAFE',
      versicherungsName: 'Fahrradversicherung',
      versicherungsPraemie: 6.3,
      jahresVersicherungsPraemie: 75.6,
      zahlweise: 'MONATLICH',
      versicherungsSumme: 1500,
      antragsdatum: TODAY,
      vertragsBeginn: '2025-07-01',
      hauptfaelligkeit: { day: 1, month: 7 },
      deckungsIdentifier: 'FR_BASIS',
      bankverbindung: { iban: IBAN, swiftBic: null, kontoinhaber: 'Erika Mustermann' },
      risikoOrt: { plz: '24103', ort: 'Kiel', strasse: 'Holstenstraße', hausnummer: '12a' },
      fahrrad: {
        hersteller: 'Cube',
        rahmennummer: 'WCU-2024-0815',
        typ: 'CITYBIKE',
        versicherteRisiken: {
          diebstahl: true,
          reparatur: false,
          reparaturOhneVerschleiss: false,
          schutzbrief: true,
        },
      },
      vermittler: expect.objectContaining({ vermittlerNummer: expect.any(String) }),
    });
    expect(read['dokumente']).toContainEqual(
      expect.objectContaining({ typ: 'VERSICHERUNGSSCHEIN' }),
    );
    expect((await contractsOf(CUSTOMER)).map((c) => c.versicherungsNummer)).toContain(nummer);
  });

  it('by an agent for the customer, and in the advice variant: each one contract', async () => {
    const agent = await submit(
      'fahrrad',
      { variante: 'agent', partnerNummer: CUSTOMER, antworten: agentAnswers },
      HANSEN,
    );
    const advice = await submit(
      'fahrrad',
      { variante: 'advice', antworten: adviceAnswers },
      asCustomer(CUSTOMER),
    );
    for (const antragsnummer of [agent, advice]) {
      const nummer = await issuedAs(antragsnummer);
      expect(nummer).not.toBeNull();
      const read = await contract(nummer ?? '', CUSTOMER);
      expect(validate(read) ? [] : validate.errors).toEqual([]);
    }
    // The agent sees it on the customer's page.
    const page = await server.app.inject({
      method: 'GET',
      url: `/api/vermittler/kunden/${CUSTOMER}`,
      headers: HANSEN,
    });
    expect(page.body).toContain(await issuedAs(agent));
  });

  it('writes the policy to the customer’s Postfach as a PDF made from the contract', async () => {
    const antragsnummer = await submit('fahrrad', customer, asCustomer(CUSTOMER));
    const nummer = (await issuedAs(antragsnummer)) ?? '';
    const inbox = await server.app.inject({
      method: 'GET',
      url: '/api/postfach/benutzer/eingang',
      headers: asCustomer(CUSTOMER),
    });
    const message = inbox
      .json<{ nachrichten: { id: string; betreff: string }[] }>()
      .nachrichten.find((m) => m.betreff.includes(nummer));
    expect(message?.betreff).toBe(`Ihr Vertrag ${nummer}: Fahrradversicherung`);
    const detail = await server.app.inject({
      method: 'GET',
      url: `/api/postfach/benutzer/nachrichten/${message?.id ?? ''}`,
      headers: asCustomer(CUSTOMER),
    });
    const body = detail.json<{ nachricht: string; anhaenge: { id: string; name: string }[] }>();
    expect(body.nachricht).toContain(antragsnummer);
    expect(body.anhaenge).toEqual([
      { id: expect.any(String), name: `Versicherungsschein-${nummer}.pdf` },
    ]);
    const pdf = await server.app.inject({
      method: 'GET',
      url: `/api/postfach/benutzer/anhaenge/${body.anhaenge[0]?.id ?? ''}`,
      headers: asCustomer(CUSTOMER),
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(nummer);
    expect(text).toContain('WCU-2024-0815');
  });

  it('issues once: a second run, also two at once, finds it issued', async () => {
    const antragsnummer = await submit('fahrrad', customer, asCustomer(CUSTOMER));
    const [row] = await queryRows<{ id: string }>(
      server.db.database.db,
      sql`SELECT id FROM applications WHERE antragsnummer = ${antragsnummer}`,
    );
    const db = server.db.database.db;
    // The back office of a second server process over the same database.
    const context: IssueContext = {
      flows: createFlowRegistry(defaultTariffs()),
      tariffs: defaultTariffs(),
      delivery: { root: process.cwd(), uploads: uploadConfigOf({}, databaseFileStore(db)) },
      documentsOf: contractDocumentsOf(process.cwd()),
      now: () => new Date(),
    };
    const again = await Promise.all([
      issueApplication(db, context, row?.id ?? '', TODAY),
      issueApplication(db, context, row?.id ?? '', TODAY),
      issueDue(db, context, TODAY, { all: true }, (error) => {
        throw error;
      }),
    ]);
    expect(again).toEqual([null, null, { issued: 0, failed: 0 }]);
    const [count] = await queryRows<{ n: string | number }>(
      db,
      sql`SELECT count(*) AS n FROM contracts WHERE versicherungs_nummer = ${await issuedAs(antragsnummer)}`,
    );
    expect(Number(count?.n)).toBe(1);
  });

  it('answers the sale with the new contract’s number, and the audit trail records the issuing', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/antrag/fahrrad',
      headers: asCustomer(CUSTOMER),
      payload: customer,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ antragsnummer: string; vertragsNummer?: string }>();
    expect(body.vertragsNummer).toBe(await issuedAs(body.antragsnummer));
    const audit = await queryRows<{ actor_role: string; action: string; details: unknown }>(
      server.db.database.db,
      sql`SELECT actor_role, action, details FROM audit_log
          WHERE entity = 'contract' AND entity_id = ${body.vertragsNummer ?? ''}`,
    );
    expect(audit).toEqual([
      {
        actor_role: 'system',
        action: 'vertrag.policieren',
        details: { antragsnummer: body.antragsnummer, flow: 'fahrrad', stichtag: TODAY },
      },
    ]);
  });

  it('issues no public application (there is no customer to hold it)', async () => {
    const antragsnummer = await submit('fahrrad', customer, {});
    expect(await issuedAs(antragsnummer)).toBeNull();
  });
});

const privathaftpflicht: Answers = {
  familie: { familienstand: 'PAAR', oeffentlicherDienst: true },
  partner: { vorname: 'Max', nachname: 'Mustermann', geburtsdatum: '1979-01-02' },
  deckung: {
    versicherungssumme: 20_000_000,
    selbstbeteiligung: 'SB_250',
    bausteine: ['SCHLUESSELVERLUST', 'DIENSTHAFTPFLICHT'],
  },
  risikofragen: { vorschaeden: 'KEINE', gekuendigt: false },
  versicherungsnehmer: {
    anrede: 'FRAU',
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1980-05-12',
    email: 'erika@beispiel.example',
    plz: '24103',
    ort: 'Kiel',
    strasse: 'Holstenstraße',
    hausnummer: '1',
  },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'MONATLICH' },
  bankverbindung: { iban: IBAN, kontoinhaber: 'Erika Mustermann', sepaMandat: true },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};

describe('a private liability application is issued at once', () => {
  it('with the family status, the civil-service cover and the deductible it was sold with', async () => {
    const antragsnummer = await submit(
      'privathaftpflicht',
      { variante: 'customer', antworten: privathaftpflicht },
      asCustomer(CUSTOMER),
    );
    const nummer = await issuedAs(antragsnummer);
    expect(nummer).toMatch(/^PH-V\d{7}$/);
    const read = await contract(nummer ?? '', CUSTOMER);
    expect(validate(read) ? [] : validate.errors).toEqual([]);
    expect(read).toMatchObject({
      produkt: 'PRIVATHAFTPFLICHT',
      versicherungsSumme: 20_000_000,
      deckungsIdentifier: 'PHV_KOMFORT',
      neueSelbstbeteiligung: 'SB_250',
      selbstBeteiligung: { value: 250, unit: 'ABSOLUT' },
      diensthaftpflicht: {
        eingeschlossen: true,
        einschlussZum: '2025-07-01',
        ausschlussZum: null,
        beruf: null,
      },
      phv: expect.objectContaining({
        familienstand: expect.objectContaining({ current: { key: 'PAAR', label: 'Paar' } }),
      }),
    });
  });
});

const holder = {
  vorname: 'Erika',
  nachname: 'Mustermann',
  geburtsdatum: '1980-05-12',
  email: 'erika@beispiel.example',
  plz: '24103',
  ort: 'Kiel',
  strasse: 'Holstenstraße',
  hausnummer: '1',
};
const bank = { iban: IBAN, kontoinhaber: 'Erika Mustermann', sepaMandat: true };

describe('travel and dog owner’s liability applications are issued at once', () => {
  it('a trip: its dates, group and length in the travel part, ending on the trip’s last day', async () => {
    const antworten = {
      reise: {
        ziel: 'WELT',
        beginn: '2025-08-01',
        ende: '2025-08-21',
        reisepreis: 3200,
        gruppe: 'PAAR',
      },
      reisende: {
        personen: [
          { vorname: 'Erika', nachname: 'Mustermann', geburtsdatum: '1980-05-12' },
          { vorname: 'Max', nachname: 'Mustermann', geburtsdatum: '1979-01-02' },
        ],
      },
      deckung: { reiseabbruch: true, reisekranken: true, gepaeck: true },
      versicherungsnehmer: holder,
      zahlweise: { zahlweise: 'EINMALIG' },
      bankverbindung: bank,
      einwilligungen: {
        bedingungen: true,
        datenschutz: true,
        gesundheitsdaten: true,
        beratungsverzicht: true,
      },
    };
    const nummer = await issuedAs(
      await submit('reise', { variante: 'customer', antworten }, asCustomer(CUSTOMER)),
    );
    const read = await contract(nummer ?? '', CUSTOMER);
    expect(validate(read) ? [] : validate.errors).toEqual([]);
    expect(read).toMatchObject({
      produkt: 'REISE',
      kuendbar: 'NEIN',
      zahlweise: 'EINMALIG',
      vertragsBeginn: '2025-08-01',
      ablaufdatum: '2025-08-21',
      deckungsIdentifier: 'REISE_KOMPLETT',
      reise: { personenkreis: 'PAAR', beginn: '2025-08-01', ende: '2025-08-21', dauer: 20 },
    });
  });

  it('dogs: one listed dog per answered dog, without the birth dates the contract has no place for', async () => {
    const antworten = {
      hunde: {
        anzahl: 2,
        hunde: [
          {
            name: 'Luna',
            rasse: 'Labrador Retriever',
            mischling: false,
            chipOrTattoo: '276098106543210',
            geburtsdatum: '2021-04-01',
          },
          {
            name: 'Bello',
            rasse: 'Dackel',
            mischling: true,
            mischlingsRasse: 'Beagle',
            geburtsdatum: '2023-09-12',
          },
        ],
      },
      deckung: {
        versicherungssumme: 10000000,
        selbstbeteiligung: 'SB_250',
        mietsachschaeden: true,
        forderungsausfall: false,
        welpen: false,
      },
      risiko: { beissvorfall: false, vorschaeden: 'KEINE', gekuendigt: false },
      beginn: { versicherungsbeginn: '2025-07-01' },
      zahlweise: { zahlweise: 'MONATLICH' },
      versicherungsnehmer: { anrede: 'FRAU', ...holder },
      bankverbindung: bank,
      einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
    };
    const nummer = await issuedAs(
      await submit(
        'tierhalterhaftpflicht',
        { variante: 'customer', antworten },
        asCustomer(CUSTOMER),
      ),
    );
    const read = await contract(nummer ?? '', CUSTOMER);
    expect(validate(read) ? [] : validate.errors).toEqual([]);
    expect(read).toMatchObject({
      produkt: 'TIERHALTERHAFTPFLICHT',
      deckungsIdentifier: 'THV_KOMFORT',
      hunde: [
        {
          name: 'Luna',
          rasse: 'Labrador Retriever',
          mischling: false,
          mischlingsRasse: null,
          chipOrTattoo: '276098106543210',
        },
        {
          name: 'Bello',
          rasse: 'Dackel',
          mischling: true,
          mischlingsRasse: 'Beagle',
          chipOrTattoo: null,
        },
      ],
    });
  });
});

const hausrat: Answers = {
  adresse: { plz: '24103', ort: 'Kiel', strasse: 'Holstenstraße', hausnummer: '12a' },
  wohnung: { wohnflaeche: 80, gebaeudeart: 'MEHRFAMILIENHAUS', etage: 'ERDGESCHOSS' },
  deckung: { versicherungssumme: 52000, selbstbeteiligung: 'SB_KEINE', bausteine: ['ELEMENTAR'] },
  risikofragen: { vorschaeden: 'KEINE', staendigBewohnt: true, holzbauweise: false },
  versicherungsnehmer: {
    anrede: 'HERR',
    vorname: 'Jonas',
    nachname: 'Wagner',
    geburtsdatum: '1990-07-07',
    email: 'jonas@beispiel.example',
  },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'JAEHRLICH' },
  bankverbindung: { iban: IBAN, kontoinhaber: 'Jonas Wagner', sepaMandat: true },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};

describe('a household application is issued after the withdrawal period (issue.on)', () => {
  it('only when the clock has passed its day; then the customer’s contract list shows it', async () => {
    const antragsnummer = await submit(
      'hausrat',
      { variante: 'customer', antworten: hausrat },
      asCustomer(CUSTOMER),
    );
    expect(await issuedAs(antragsnummer)).toBeNull();
    day = '2025-06-28';
    await contractsOf(CUSTOMER);
    expect(await issuedAs(antragsnummer)).toBeNull();
    day = '2025-06-29';
    const listed = (await contractsOf(CUSTOMER)).map((c) => c.versicherungsNummer);
    const nummer = await issuedAs(antragsnummer);
    expect(nummer).toMatch(/^HR-V\d{7}$/);
    expect(listed).toContain(nummer);
    const read = await contract(nummer ?? '', CUSTOMER);
    expect(validate(read) ? [] : validate.errors).toEqual([]);
    expect(read).toMatchObject({
      produkt: 'HAUSRAT',
      antragsdatum: TODAY,
      deckungsIdentifier: 'HR_KOMFORT',
      versicherungsSumme: 52000,
      elementar: true,
      selbstBeteiligung: { value: 0, unit: 'ABSOLUT' },
      hausrat: expect.objectContaining({ plz: '24103', wohnflaeche: 80 }),
    });
  });
});
