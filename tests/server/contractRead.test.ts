import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('GET /api/vertrag/vertrag/findByPartnerNummer/{id}', () => {
  it('lists the contracts of the signed-in customer with status, product and overdue flag', async () => {
    const response = await get(
      '/api/vertrag/vertrag/findByPartnerNummer/2000103',
      asCustomer('2000103'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        versicherungsNummer: 'AS-10000301',
        produkt: 'FAHRRAD_2',
        vertragsstatus: 'LAUFEND',
        aktiv: true,
        ueberfaellig: true,
        marke: 'ANDSAFE',
      }),
      expect.objectContaining({
        versicherungsNummer: 'AS-10000302',
        vertragsstatus: 'STORNIERT',
        aktiv: false,
        ueberfaellig: false,
      }),
    ]);
  });

  it('lists a customer of its agency for an agent, also for a sub-agent', async () => {
    const main = await get(
      '/api/vertrag/vertrag/findByPartnerNummer/3000102',
      asAgent('V-HFK-200'),
    );
    expect(main.statusCode).toBe(200);
    expect(
      main.json<{ versicherungsNummer: string }[]>().map((item) => item.versicherungsNummer),
    ).toEqual(['HFK-20000201', 'HFK-20000202']);
    const sub = await get('/api/vertrag/vertrag/findByPartnerNummer/3000101', asAgent('V-HFK-201'));
    expect(sub.statusCode).toBe(200);
    expect(
      sub.json<{ versicherungsNummer: string }[]>().map((item) => item.versicherungsNummer),
    ).toEqual(['HFK-20000101', 'HFK-20000102']);
  });

  it("answers an agent of another agency 404 for the customer, with none of the customer's contracts", async () => {
    for (const agent of ['V-AS-100', 'V-SD-300']) {
      const foreign = await get('/api/vertrag/vertrag/findByPartnerNummer/3000101', asAgent(agent));
      expect(foreign.statusCode, agent).toBe(404);
      expect(foreign.body).not.toContain('HFK-2000010');
    }
    // And a customer for another customer's list.
    const other = await get(
      '/api/vertrag/vertrag/findByPartnerNummer/3000101',
      asCustomer('2000101'),
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /api/vertrag/vertrag/{id}', () => {
  it('returns every field of the customer view', async () => {
    const response = await get('/api/vertrag/vertrag/AS-10000101', asCustomer('2000101'));
    expect(response.statusCode).toBe(200);
    const view = response.json<Record<string, unknown>>();
    for (const field of [
      'versicherungsNummer',
      'vertragsArt',
      'vertragsstatus',
      'kuendbar',
      'widerrufbar',
      'dokumente',
      'versicherungsSumme',
      'versicherungsPraemie',
      'jahresVersicherungsPraemie',
      'marke',
      'zahlweise',
      'versicherungsTyp',
      'versicherungsName',
      'vermittler',
      'bankverbindung',
      'diensthaftpflicht',
      'jahresumsatz',
      'ablaufdatum',
      'beendigungsdatum',
      'antragsdatum',
      'vertragsBeginn',
      'beginnverlegung',
      'hauptfaelligkeit',
      'mahnung',
      'wirksamkeitsdatum',
      'phvAnzahl',
      'neueSelbstbeteiligung',
      'produktIdentifier',
      'deckungsIdentifier',
      'deckungsVarianten',
      'selbstBeteiligung',
      'elementar',
      'buerohaftpflicht',
      'lastUpdated',
      'folgePraemie',
      'vorgemerktePhvAnzahl',
      'vorgemerkteBuerohaftpflicht',
      'vorgemerkteSelbstBeteiligung',
      'vorgemerkteZahlweise',
      'vorgemerkteElementar',
      'fahrrad',
      'risikoOrt',
      'hunde',
      'versicherteGewerbe',
      'phv',
      'hausrat',
      'reise',
      'vh',
    ]) {
      expect(view, field).toHaveProperty(field);
    }
    expect(view).toMatchObject({
      versicherungsNummer: 'AS-10000101',
      vertragsArt: 'PRIVAT',
      marke: 'ANDSAFE',
      zahlweise: 'MONATLICH',
      versicherungsPraemie: 9.27,
      hauptfaelligkeit: { day: 1, month: 4 },
      vorgemerktePhvAnzahl: [{ wert: 'ZWEI', wirksamAb: '2026-04-01', wirksamBis: null }],
      vermittler: { vermittlerNummer: 'V-AS-100', name: 'Jens Hansen' },
    });
    expect(view['lastUpdated']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The contract lists its policy and last premium notice, the customer information of its
    // product and the agent information, each served as a PDF at a URL of the contract.
    const dokumente = view['dokumente'] as { name: string; typ: string; url: string }[];
    expect(dokumente.map(({ name, typ }) => ({ name, typ }))).toEqual([
      { name: 'Beitragsrechnung', typ: 'BEITRAGSRECHNUNG' },
      { name: 'Erstinformation Ihres Versicherungsvermittlers', typ: 'VERMITTLERINFORMATION' },
      { name: 'Kundeninformation Privathaftpflichtversicherung', typ: 'KUNDENINFORMATION' },
      { name: 'Versicherungsschein', typ: 'VERSICHERUNGSSCHEIN' },
    ]);
    for (const { url } of dokumente) {
      expect(url).toMatch(/^\/api\/vertrag\/vertrag\/AS-10000101\/dokumente\/[0-9a-f-]{36}$/);
      const document = await server.app.inject({
        method: 'GET',
        url,
        headers: asCustomer('2000101'),
      });
      expect(document.statusCode, url).toBe(200);
      expect(document.headers['content-type']).toBe('application/pdf');
    }
  });

  it('answers 404 for a missing contract', async () => {
    const response = await get('/api/vertrag/vertrag/XX-404', asCustomer('2000101'));
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/vertrag/vertrag/{id}/vertragsart', () => {
  const kind = (id: string, remoteAddress: string) =>
    server.app.inject({ url: `/api/vertrag/vertrag/${id}/vertragsart`, remoteAddress });

  it('answers without sign-in', async () => {
    const response = await kind('HFK-20000201', '10.1.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ vertragsart: 'GEWERBE' });
  });

  it('answers an unknown number as it answers a private contract, so it does not tell which numbers exist', async () => {
    // AS-10000101 is a private customer's contract of the seed; XX-1 is no contract.
    const known = await kind('AS-10000101', '10.1.0.2');
    const unknown = await kind('XX-1', '10.1.0.2');
    expect(known.json()).toEqual({ vertragsart: 'PRIVAT' });
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    const headers = (response: typeof known) =>
      Object.keys(response.headers).filter((name) => name !== 'date');
    expect(headers(unknown)).toEqual(headers(known));
  });

  it('lets one client ask 30 times in 15 minutes, then answers 429 with Retry-After; another client is not held up', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `XX-${i}`);
    const statuses = [];
    for (const id of ids) statuses.push((await kind(id, '10.1.0.3')).statusCode);
    expect(statuses).toEqual(ids.map(() => 200));
    const refused = await kind('HFK-20000201', '10.1.0.3');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: 'too-many-requests',
      message:
        'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
    });
    expect((await kind('HFK-20000201', '10.1.0.4')).json()).toEqual({ vertragsart: 'GEWERBE' });
  });
});

describe('reasons', () => {
  it('lists the cancellation reasons of a product key, by line or by product', async () => {
    const byLine = await get(
      '/api/vertrag/vertrag/kuendigungsgruende/HAUSRAT',
      asCustomer('2000101'),
    );
    expect(byLine.statusCode).toBe(200);
    expect(byLine.json()).toContainEqual({ key: 'UMZUG_AUSLAND', label: 'Umzug ins Ausland' });
    const byProduct = await get(
      '/api/vertrag/vertrag/kuendigungsgruende/BHV_1',
      asCustomer('2000101'),
    );
    expect(byProduct.json()).toContainEqual({
      key: 'BETRIEBSAUFGABE',
      label: 'Aufgabe des Betriebs',
    });
  });

  it('answers 404 for an unknown product key and 400 for a malformed one', async () => {
    expect(
      (await get('/api/vertrag/vertrag/kuendigungsgruende/KFZ', asCustomer('2000101'))).statusCode,
    ).toBe(404);
    const malformed = await get(
      '/api/vertrag/vertrag/kuendigungsgruende/kfz',
      asCustomer('2000101'),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: 'validation',
      fieldErrors: [{ path: '/params/productKey', keyword: 'pattern' }],
    });
  });

  it('lists the revocation reasons', async () => {
    const response = await get('/api/vertrag/vertrag/widerrufsgruende', asCustomer('2000101'));
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>().length).toBeGreaterThanOrEqual(3);
  });
});

describe('a contract started days ago', () => {
  it('may still be revoked, until 14 days after it was issued', async () => {
    const info = await get(
      '/api/vertrag/vertrag/HFK-20000401/widerrufsinfo',
      asCustomer('3000103'),
    );
    expect(info.json()).toMatchObject({ widerrufsrecht: true, istWiderrufbarJetzt: true });
    const view = await get('/api/vertrag/vertrag/HFK-20000401', asCustomer('3000103'));
    expect(view.json()).toMatchObject({ widerrufbar: true, vertragsstatus: 'LAUFEND' });
  });
});
