import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE } from './helpers/contractApi.ts';
import { pdfText, pdfTitle } from './helpers/pdfText.ts';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** Thomas Becker (2000102): business liability AS-10000201, half-yearly, main due date 1 January. */
const BECKER = asCustomer('2000102');
const ANNA = asCustomer('2000101');

interface Document {
  name: string;
  typ: string;
  url: string;
}
interface View {
  versicherungsPraemie: number;
  jahresVersicherungsPraemie: number;
  bankverbindung: { iban: string } | null;
  dokumente: Document[];
  lastUpdated: string;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

async function view(id: string, headers: Record<string, string>): Promise<View> {
  const response = await get(`${BASE}/${id}`, headers);
  expect(response.statusCode).toBe(200);
  return response.json<View>();
}

/** An amount as the documents print it (1.234,50 €), with an ordinary space as pdfText reads it. */
const euro = (value: number) =>
  `${value.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

/** A Swiss amount as the documents print it (CHF 1'234.50). */
const franc = (value: number) =>
  `CHF ${value.toLocaleString('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function download(url: string, headers: Record<string, string>) {
  const response = await get(url, headers);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return {
    disposition: String(response.headers['content-disposition']),
    text: await pdfText(response.rawPayload),
    title: await pdfTitle(response.rawPayload),
  };
}

const byTyp = (contract: View, typ: string): Document => {
  const document = contract.dokumente.find((candidate) => candidate.typ === typ);
  if (!document) throw new Error(`no ${typ}`);
  return document;
};

describe('GET .../{id}/dokumente/{dokumentId}', () => {
  it('lists every document of a contract at its own contract URL', async () => {
    const contract = await view('AS-10000201', BECKER);
    expect(contract.dokumente.map(({ name, typ }) => ({ name, typ }))).toEqual([
      { name: 'Beitragsrechnung', typ: 'BEITRAGSRECHNUNG' },
      { name: 'Erstinformation Ihres Versicherungsvermittlers', typ: 'VERMITTLERINFORMATION' },
      { name: 'Kundeninformation Betriebshaftpflichtversicherung', typ: 'KUNDENINFORMATION' },
      { name: 'Versicherungsschein', typ: 'VERSICHERUNGSSCHEIN' },
    ]);
    for (const { url } of contract.dokumente)
      expect(url).toMatch(/^\/api\/vertrag\/vertrag\/AS-10000201\/dokumente\/[0-9a-f-]{36}$/);
  });

  it('serves the policy made from the contract: data, cover, premium, payment, masked IBAN, brand', async () => {
    const contract = await view('AS-10000201', BECKER);
    const iban = contract.bankverbindung?.iban ?? '';
    const policy = await download(byTyp(contract, 'VERSICHERUNGSSCHEIN').url, BECKER);
    expect(policy.disposition).toBe('attachment; filename=Versicherungsschein-AS-10000201.pdf');
    expect(policy.title).toBe('Versicherungsschein: Betriebshaftpflicht');
    for (const expected of [
      'andsafe',
      'Versicherungsschein: Betriebshaftpflicht',
      'Versicherungsnummer AS-10000201',
      'Becker Elektrotechnik GmbH (Kundennummer 2000102)',
      'Versicherungsbeginn 01.01.2022',
      'Hauptfälligkeit 01.01.',
      'Selbstbeteiligung 500,00 €',
      `Beitrag halbjährlich ${euro(contract.versicherungsPraemie)}`,
      `Jahresbeitrag ${euro(contract.jahresVersicherungsPraemie)}`,
      'Zahlungsart SEPA-Lastschrift',
      `IBAN ${'*'.repeat(iban.length - 4)}${iban.slice(-4)}`,
    ])
      expect(policy.text).toContain(expected);
    expect(policy.text).not.toContain(iban);
  });

  it('serves the last premium notice: the period containing today, its due date and amount', async () => {
    const contract = await view('AS-10000201', BECKER);
    const notice = await download(byTyp(contract, 'BEITRAGSRECHNUNG').url, BECKER);
    expect(notice.disposition).toBe('attachment; filename=Beitragsrechnung-AS-10000201.pdf');
    const betrag = euro(contract.versicherungsPraemie);
    for (const expected of [
      'Beitragsrechnung: Betriebshaftpflicht',
      'Versicherungsnummer AS-10000201',
      'Zeitraum 01.01.2025 bis 30.06.2025',
      'Fällig am 01.01.2025',
      `Beitrag für den Zeitraum ${betrag}`,
      `Wir buchen den Betrag von ${betrag} zum 01.01.2025 per SEPA-Lastschrift`,
    ])
      expect(notice.text).toContain(expected);
  });

  it('asks for a transfer on an overdue contract without bank details', async () => {
    const lea = asCustomer('2000103');
    const contract = await view('AS-10000301', lea);
    const notice = await download(byTyp(contract, 'BEITRAGSRECHNUNG').url, lea);
    // Monthly from 1 March: the period of 15 June is June.
    expect(notice.text).toContain('Zeitraum 01.06.2025 bis 30.06.2025');
    expect(notice.text).toContain(
      `Bitte überweisen Sie den Betrag von ${euro(contract.versicherungsPraemie)} bis zum 01.06.2025`,
    );
    expect(notice.text).toContain('Zu diesem Vertrag ist eine Zahlung offen.');
  });

  it('serves the static customer and agent information as PDFs of their own', async () => {
    const contract = await view('AS-10000201', BECKER);
    for (const typ of ['KUNDENINFORMATION', 'VERMITTLERINFORMATION']) {
      const document = byTyp(contract, typ);
      const served = await download(document.url, BECKER);
      expect(served.title).toBe(document.name);
      expect(served.text).toContain(document.name);
      expect(served.disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"/);
    }
  });

  it('makes each generated document of a seeded contract show its number and premium', async () => {
    for (const [id, headers, amount] of [
      ['AS-10000101', ANNA, euro],
      ['AS-10000105', ANNA, euro],
      ['HFK-20000202', asCustomer('3000102'), euro],
      // protect-ch's contract is in francs, in Swiss notation: CHF 69.00.
      ['PCH-50000101', asCustomer('6000101'), franc],
    ] as const) {
      const contract = await view(id, headers);
      expect(contract.dokumente.length, id).toBeGreaterThanOrEqual(3);
      for (const typ of ['VERSICHERUNGSSCHEIN', 'BEITRAGSRECHNUNG']) {
        const { text } = await download(byTyp(contract, typ).url, headers);
        expect(text, `${id} ${typ}`).toContain(id);
        expect(text, `${id} ${typ}`).toContain(amount(contract.versicherungsPraemie));
      }
      for (const document of contract.dokumente) await download(document.url, headers);
    }
  });

  it('answers another customer and an agent of another agency with 404, the own agent with the PDF', async () => {
    const contract = await view('AS-10000201', BECKER);
    const url = byTyp(contract, 'VERSICHERUNGSSCHEIN').url;
    const other = await get(url, ANNA);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/^application\/json/);
    const missingContract = await get(url.replace('AS-10000201', 'XX-404'), ANNA);
    expect(other.json()).toEqual(missingContract.json());
    expect((await get(url, asAgent('V-HFK-200'))).statusCode).toBe(404);
    await download(url, asAgent('V-AS-100'));
    expect((await get(url)).statusCode).toBe(401);
  });

  it('answers a document of another contract, an unknown id and a malformed id with 404', async () => {
    const mine = await view('AS-10000202', BECKER);
    const theirs = await view('AS-10000201', BECKER);
    const foreignId = byTyp(theirs, 'VERSICHERUNGSSCHEIN').url.split('/').pop() ?? '';
    for (const id of [foreignId, '00000000-0000-4000-8000-999999999999', 'kein-dokument']) {
      const response = await get(`${BASE}/AS-10000202/dokumente/${id}`, BECKER);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Dieses Dokument gibt es nicht.',
      });
    }
    expect(mine.dokumente.length).toBeGreaterThan(0);
  });

  it('makes the policy from the current data: new bank details show at once', async () => {
    const lea = asCustomer('2000103');
    const before = await view('AS-10000301', lea);
    const policyUrl = byTyp(before, 'VERSICHERUNGSSCHEIN').url;
    expect((await download(policyUrl, lea)).text).toContain(
      'Überweisung (keine Bankverbindung hinterlegt)',
    );
    const saved = await server.app.inject({
      method: 'PATCH',
      url: `${BASE}/AS-10000301/bankverbindung`,
      headers: lea,
      payload: {
        lastUpdated: before.lastUpdated,
        iban: 'DE08500105175407324124',
        kontoinhaber: 'Lea Weber',
        sepaMandat: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    const policy = await download(policyUrl, lea);
    expect(policy.text).toContain('Zahlungsart SEPA-Lastschrift');
    expect(policy.text).toContain('IBAN ******************4124');
  });
});
