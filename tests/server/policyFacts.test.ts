import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE } from './helpers/contractApi.ts';
import { pdfText } from './helpers/pdfText.ts';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const ANNA = asCustomer('2000101');

/** The text of a contract's policy (Versicherungsschein) as the customer downloads it. */
async function policyText(id: string): Promise<string> {
  const view = await server.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: ANNA });
  expect(view.statusCode).toBe(200);
  const policy = view
    .json<{ dokumente: { typ: string; url: string }[] }>()
    .dokumente.find((document) => document.typ === 'VERSICHERUNGSSCHEIN');
  if (!policy) throw new Error(`${id} has no policy`);
  const response = await server.app.inject({ method: 'GET', url: policy.url, headers: ANNA });
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

// The whole text of the policies as they were printed before a line declared its facts as data
// (`service.documentFacts` of its tariff): the bike's make, model and frame number between the
// cover and the place of insurance, and nothing of the kind on a private liability policy.
const TAIL =
  'Zahlung Zahlungsweise {zahlweise} Zahlungsart SEPA-Lastschrift Kontoinhaber Anna Schmidt ' +
  'IBAN ******************6701 BIC BELADEBEXXX Ihr Vermittler Jens Hansen (Vermittlernummer ' +
  'V-AS-100) Dieser Versicherungsschein gibt den Stand Ihres Vertrags am 15.06.2025 wieder. Die ' +
  'Beiträge sind Beispielwerte dieser Demo (illustrative Tarife) und nicht verbindlich. Demotext: ' +
  'Dieses Dokument ist ein Beispiel ohne rechtliche Wirkung. Seite 1 von 1';
const head = (produkt: string, nummer: string) =>
  `andsafe Versicherungsschein: ${produkt} Datum 15.06.2025 Versicherungsnummer ${nummer} ` +
  'Versicherungsnehmer Anna Schmidt (Kundennummer 2000101) Vertragsdaten Produkt ' +
  `${produkt} Versicherungsnummer ${nummer} Vertragsstatus laufend `;

describe('the facts a line prints on the policy', () => {
  it('prints the bike and its frame number on a bike policy, as before', async () => {
    expect(await policyText('AS-10000103')).toBe(
      head('Fahrradversicherung', 'AS-10000103') +
        'Antragsdatum 01.05.2024 Versicherungsbeginn 15.05.2024 Ablauf unbefristet, verlängert ' +
        'sich jeweils um ein Jahr Hauptfälligkeit 15.05. Versicherungsschutz Deckung Komfort ' +
        'Versicherungssumme 3.000,00 € Selbstbeteiligung keine Fahrrad Cube, Trekkingrad ' +
        'Rahmennummer WBK4711003 Versicherungsort Friedrichstraße 112, 10117 Berlin Ihr Beitrag ' +
        'Beitrag vierteljährlich 30,64 € Jahresbeitrag 122,56 € ' +
        TAIL.replace('{zahlweise}', 'vierteljährlich'),
    );
  });

  it('prints no line facts on a private liability policy, as before', async () => {
    expect(await policyText('AS-10000101')).toBe(
      head('Privathaftpflichtversicherung', 'AS-10000101') +
        'Antragsdatum 18.03.2023 Versicherungsbeginn 01.04.2023 Ablauf unbefristet, verlängert ' +
        'sich jeweils um ein Jahr Hauptfälligkeit 01.04. Versicherungsschutz Deckung Komfort ' +
        'Versicherungssumme 10.000.000,00 € Selbstbeteiligung keine Ihr Beitrag Beitrag monatlich ' +
        '9,27 € Jahresbeitrag 111,24 € ' +
        TAIL.replace('{zahlweise}', 'monatlich'),
    );
  });
});
