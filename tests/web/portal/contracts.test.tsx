// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { CognitoUserSession } from 'amazon-cognito-identity-js';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpCall, HttpResult } from '../../../apps/web/src/http/index.ts';
import { fail, fakeSend, ok, plain, renderPage, setupPortalTexts } from './support.tsx';

const server = vi.hoisted(() => ({
  send: (call: HttpCall): Promise<HttpResult> =>
    Promise.reject(new Error(`unexpected ${call.url}`)),
}));
vi.mock('../../../apps/web/src/http/index.ts', () => ({
  http: {
    send: (call: HttpCall) => server.send(call),
    answer: (call: HttpCall) => server.send(call),
    configure: () => undefined,
  },
}));

const { authStore } = await import('../../../apps/web/src/auth/index.ts');
const { ContractsPage } = await import('../../../apps/web/src/portal/ContractsPage.tsx');
const { ContractDetailPage } = await import('../../../apps/web/src/portal/ContractDetailPage.tsx');
const { CustomerNav } = await import('../../../apps/web/src/portal/CustomerNav.tsx');
const { formatAmount, formatDate, maskIban } =
  await import('../../../apps/web/src/portal/format.ts');

/** A customer session whose access token carries these claims. */
function sessionWith(claims: Record<string, unknown>) {
  return {
    getAccessToken: () => ({ decodePayload: () => claims }),
  } as unknown as CognitoUserSession;
}

const LIST_URL = '/api/vertrag/vertrag/findByPartnerNummer/2000101';
const listItem = {
  versicherungsNummer: 'AS-10000101',
  produkt: 'PRIVATHAFTPFLICHT',
  vertragsart: 'PRIVAT',
  vertragsstatus: 'LAUFEND',
  versicherungsName: 'Privathaftpflichtversicherung',
  marke: 'ANDSAFE',
  vertragsBeginn: '2023-04-01',
  ablaufdatum: null,
  zahlweise: 'MONATLICH',
  versicherungsPraemie: 7.49,
  aktiv: true,
  ueberfaellig: false,
};

const none = { wirksamBis: null };
const contract = {
  ...listItem,
  vertragsArt: 'PRIVAT',
  aufgaben: [],
  aenderungshistorie: [],
  bankverbindung: {
    iban: 'DE89 3704 0044 0532 0130 00',
    swiftBic: null,
    kontoinhaber: 'Anna Schmidt',
  },
  risikoOrt: { strasse: 'Lindenstraße', hausnummer: '12', plz: '10115', ort: 'Berlin' },
  phv: {
    familienstand: {
      current: { key: 'SINGLE', label: 'Single' },
      options: [
        { key: 'SINGLE', label: 'Single' },
        { key: 'FAMILIE', label: 'Familie mit Kindern' },
      ],
    },
    hfkVariante: null,
  },
  vorgemerkteZahlweise: [{ wert: 'JAEHRLICH', wirksamAb: '2027-01-01', ...none }],
  vorgemerkteSelbstBeteiligung: [{ wert: 'SB_1000', wirksamAb: '2026-10-01', ...none }],
  vorgemerkteElementar: [{ wert: true, wirksamAb: '2026-10-01', ...none }],
  vorgemerktePhvAnzahl: [{ wert: 'ZWEI', wirksamAb: '2026-11-15', ...none }],
  vorgemerkteBuerohaftpflicht: [{ wert: false, wirksamAb: '2026-12-01', wirksamBis: '2027-11-30' }],
  vorgemerkterFamilienstand: [{ wert: 'FAMILIE', wirksamAb: '2027-02-01', ...none }],
  vorgemerkterRisikoOrt: [
    {
      wert: { strasse: 'Am Markt', hausnummer: '3a', plz: '20095', ort: 'Hamburg' },
      wirksamAb: '2027-03-01',
      ...none,
    },
  ],
  vorgemerkteHausratDeckungen: [
    {
      wert: { deckung: 'GLASBRUCH', eingeschlossen: true },
      wirksamAb: '2027-04-01',
      ...none,
    },
    {
      wert: { deckung: 'BASIS', eingeschlossen: true, versicherungssumme: 65000 },
      wirksamAb: '2027-04-01',
      ...none,
    },
  ],
  vorgemerkterJahresumsatz: [{ wert: 250000, wirksamAb: '2027-05-01', ...none }],
  vorgemerkteVersicherungssumme: [{ wert: '1500', wirksamAb: '2027-06-01', ...none }],
  vorgemerkteBetriebsarten: [
    {
      wert: { hauptgewerbe: 'Bäckerei', nebengewerbe: ['Café', 'Partyservice'] },
      wirksamAb: '2027-07-01',
      ...none,
    },
  ],
};

beforeAll(setupPortalTexts);
beforeEach(() => {
  vi.spyOn(authStore.auth.benutzer, 'session').mockResolvedValue(
    sessionWith({ 'custom:partnernummer': '2000101', token_use: 'access' }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the formats', () => {
  it('writes dates as dd.MM.yyyy and euros the German way', () => {
    expect(formatDate('2027-01-01')).toBe('01.01.2027');
    expect(formatDate('2026-03-05T10:00:00.000Z')).toBe('05.03.2026');
    expect(plain(formatAmount(1234.5))).toBe('1.234,50 €');
    expect(plain(formatAmount('1500'))).toBe('1.500,00 €');
  });

  it('masks an IBAN except its last 4 characters', () => {
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('•••• •••• •••• •••• ••30 00');
    expect(maskIban('AT611904300234573201')).toBe('•••• •••• •••• •••• 3201');
  });
});

describe('Meine Verträge', () => {
  it('loads the contracts of the partner number in the session’s token', async () => {
    const fake = fakeSend({ [`GET ${LIST_URL}`]: ok([listItem]) });
    server.send = fake.send;
    renderPage(<ContractsPage />, '/kunden/vertraege', '/kunden/vertraege');
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen');
    const link = await screen.findByRole('link', { name: 'Privathaftpflichtversicherung' });
    expect(link).toHaveAttribute('href', '/kunden/vertraege/AS-10000101');
    const card = link.closest('li') as HTMLElement;
    expect(within(card).getByText('AS-10000101')).toBeInTheDocument();
    expect(within(card).getByText('Aktiv')).toBeInTheDocument();
    expect(plain(card.textContent)).toContain('7,49 € monatlich');
    expect(fake.calls).toEqual([{ method: 'GET', url: LIST_URL, auth: 'bearer' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Verträge' })).toHaveFocus();
    expect(document.title).toBe('Meine Verträge');
  });

  it('labels every status in German', async () => {
    const statuses = ['AUSLAUFEND', 'BEENDET', 'AUFGEHOBEN', 'STORNIERT', 'UNBEKANNT', 'NEU'];
    server.send = fakeSend({
      [`GET ${LIST_URL}`]: ok(
        statuses.map((vertragsstatus, index) => ({
          ...listItem,
          versicherungsNummer: `AS-${index}`,
          vertragsstatus,
        })),
      ),
    }).send;
    renderPage(<ContractsPage />, '/kunden/vertraege', '/kunden/vertraege');
    await screen.findAllByRole('link');
    for (const label of ['Läuft aus', 'Beendet', 'Aufgehoben', 'Storniert'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getAllByText('Unbekannt')).toHaveLength(2);
  });

  it('says so when there are no contracts', async () => {
    server.send = fakeSend({ [`GET ${LIST_URL}`]: ok([]) }).send;
    renderPage(<ContractsPage />, '/kunden/vertraege', '/kunden/vertraege');
    expect(await screen.findByText(/noch keine Verträge/)).toBeInTheDocument();
  });

  it('shows an error when the API fails', async () => {
    server.send = fakeSend({ [`GET ${LIST_URL}`]: fail(503) }).send;
    renderPage(<ContractsPage />, '/kunden/vertraege', '/kunden/vertraege');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ihre Verträge konnten wir gerade nicht laden',
    );
  });

  it('shows an error, and calls nothing, when the token has no partner number', async () => {
    vi.spyOn(authStore.auth.benutzer, 'session').mockResolvedValue(sessionWith({}));
    const fake = fakeSend({});
    server.send = fake.send;
    renderPage(<ContractsPage />, '/kunden/vertraege', '/kunden/vertraege');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });
});

describe('the contract details', () => {
  const DETAIL_URL = '/api/vertrag/vertrag/AS-10000101';
  const renderDetail = () =>
    renderPage(
      <ContractDetailPage />,
      '/kunden/vertraege/:versicherungsNummer',
      '/kunden/vertraege/AS-10000101',
    );

  it('shows the main facts with the IBAN masked', async () => {
    server.send = fakeSend({ [`GET ${DETAIL_URL}`]: ok(contract) }).send;
    renderDetail();
    const facts = await screen.findByText('Versicherungsbeginn');
    const list = facts.closest('dl') as HTMLElement;
    const value = (term: string) =>
      plain(within(list).getByText(term).nextElementSibling?.textContent);
    expect(value('Produkt')).toBe('Privathaftpflichtversicherung');
    expect(value('Versicherungsnummer')).toBe('AS-10000101');
    expect(value('Status')).toBe('Aktiv');
    expect(value('Versicherungsbeginn')).toBe('01.04.2023');
    expect(value('Beitrag')).toBe('7,49 €');
    expect(value('Zahlungsweise')).toBe('Monatlich');
    expect(value('Bankverbindung')).toBe('•••• •••• •••• •••• ••30 00IBAN endet auf 3000');
    expect(value('Versicherungsort')).toBe('Lindenstraße 12, 10115 Berlin');
    expect(document.body.textContent).not.toMatch(/3704|0532/);
    expect(screen.getByRole('heading', { level: 1, name: 'Vertrag AS-10000101' })).toHaveFocus();
    expect(document.title).toBe('Vertrag AS-10000101');
  });

  it('lists every pending change as "Art: Wert ab Datum"', async () => {
    server.send = fakeSend({ [`GET ${DETAIL_URL}`]: ok(contract) }).send;
    renderDetail();
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Vorgemerkte Änderungen',
    });
    const list = heading.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual([
      'Zahlweise: Jährlich ab 01.01.2027',
      'Selbstbeteiligung: 1.000 € ab 01.10.2026',
      'Elementarschutz: Eingeschlossen ab 01.10.2026',
      'Mitversicherte Personen: Zwei weitere Personen ab 15.11.2026',
      'Bürohaftpflicht: Nicht eingeschlossen ab 01.12.2026 bis 30.11.2027',
      'Familienstand: Familie mit Kindern ab 01.02.2027',
      'Neue Adresse: Am Markt 3a, 20095 Hamburg ab 01.03.2027',
      'Hausratdeckung: Glasbruch eingeschlossen ab 01.04.2027',
      'Hausratdeckung: Grunddeckung eingeschlossen, Versicherungssumme 65.000,00 € ab 01.04.2027',
      'Jahresumsatz: 250.000,00 € ab 01.05.2027',
      'Versicherungssumme: 1.500,00 € ab 01.06.2027',
      'Betriebsarten: Bäckerei, Nebengewerbe: Café, Partyservice ab 01.07.2027',
    ]);
  });

  it('shows "Zahlweise: Monatlich ab 01.01.2027" and skips the empty lists', async () => {
    server.send = fakeSend({
      [`GET ${DETAIL_URL}`]: ok({
        ...listItem,
        aufgaben: [],
        aenderungshistorie: [],
        bankverbindung: null,
        risikoOrt: null,
        vorgemerkteZahlweise: [{ wert: 'MONATLICH', wirksamAb: '2027-01-01', wirksamBis: null }],
        vorgemerkteSelbstBeteiligung: [],
        vorgemerkteElementar: [],
      }),
    }).send;
    renderDetail();
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Vorgemerkte Änderungen',
    });
    const items = within(heading.nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Zahlweise: Monatlich ab 01.01.2027']);
    expect(screen.getByText('Keine Bankverbindung hinterlegt')).toBeInTheDocument();
    expect(screen.queryByText('Versicherungsort')).not.toBeInTheDocument();
  });

  it('shows open tasks linked to the flow that completes them, and the changes that took effect', async () => {
    server.send = fakeSend({
      [`GET ${DETAIL_URL}`]: ok({
        ...contract,
        aufgaben: [
          {
            typ: 'UmsatzErinnern1',
            status: 'Erledigt',
            faelligAm: '2025-05-01',
            erledigtAm: '2025-04-20',
          },
          { typ: 'UmsatzErinnern2', status: 'Offen', faelligAm: '2025-07-15', erledigtAm: null },
        ],
        aenderungshistorie: [
          {
            art: 'ZAHLWEISE',
            liste: 'vorgemerkteZahlweise',
            wert: 'JAEHRLICH',
            wirksamAb: '2025-06-01',
            angewendetAm: '2025-06-01',
          },
          // A kind no change declares any longer: said without its value.
          {
            art: 'GERAETE_SELBSTBETEILIGUNG',
            liste: null,
            wert: 'SB_150',
            wirksamAb: '2025-03-01',
            angewendetAm: '2025-03-01',
          },
        ],
      }),
    }).send;
    renderDetail();
    const tasks = await screen.findByRole('region', { name: 'Offene Aufgaben' });
    expect(within(tasks).getAllByRole('listitem')).toHaveLength(1);
    expect(tasks).toHaveTextContent(
      'Erinnerung: Bitte bestätigen Sie Ihren Jahresumsatz bis 15.07.2025.',
    );
    // Linked to the flow that declares it completes the task (forContracts.tasks).
    expect(
      within(tasks).getByRole('link', { name: /Aufgabe zu Vertrag .* jetzt erledigen/ }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/kunden\/jahresumsatz\//));
    const history = screen.getByRole('heading', { level: 2, name: 'Änderungsverlauf' });
    expect(history.nextElementSibling).toHaveTextContent('Zahlweise: Jährlich seit 01.06.2025');
    expect(history.nextElementSibling).toHaveTextContent('Vertragsänderung seit 01.03.2025');
  });

  it('says when nothing is pending', async () => {
    server.send = fakeSend({
      [`GET ${DETAIL_URL}`]: ok({
        ...contract,
        ...Object.fromEntries(
          Object.keys(contract)
            .filter((key) => key.startsWith('vorgemerkt'))
            .map((key) => [key, []]),
        ),
      }),
    }).send;
    renderDetail();
    expect(await screen.findByText(/keine Änderungen vorgemerkt/)).toBeInTheDocument();
  });

  it('links to the self-service wizards of an active contract', async () => {
    server.send = fakeSend({ [`GET ${DETAIL_URL}`]: ok(contract) }).send;
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Zahlungsweise ändern' })).toHaveAttribute(
      'href',
      '/kunden/zahlungsweise/AS-10000101',
    );
    expect(screen.getByRole('link', { name: 'Zurück zu meinen Verträgen' })).toHaveAttribute(
      'href',
      '/kunden/vertraege',
    );
  });

  it('offers no changes on an ended contract', async () => {
    server.send = fakeSend({
      [`GET ${DETAIL_URL}`]: ok({ ...contract, vertragsstatus: 'BEENDET', aktiv: false }),
    }).send;
    renderDetail();
    await screen.findByText('Beendet');
    expect(screen.queryByRole('link', { name: 'Zahlungsweise ändern' })).not.toBeInTheDocument();
  });

  it('says "Vertrag nicht gefunden" on a 404, with a link back to the list', async () => {
    server.send = fakeSend({ [`GET ${DETAIL_URL}`]: fail(404) }).send;
    renderDetail();
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Vertrag nicht gefunden',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Vertrag nicht gefunden');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zu meinen Verträgen' })).toHaveAttribute(
      'href',
      '/kunden/vertraege',
    );
  });

  it('shows an error on any other failure', async () => {
    server.send = fakeSend({ [`GET ${DETAIL_URL}`]: fail(500) }).send;
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Diesen Vertrag konnten wir gerade nicht laden',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Vertrag AS-10000101');
  });
});

describe('the customer navigation', () => {
  it('links to the contracts and the claims, marking the current page', () => {
    renderPage(<CustomerNav />, '/kunden/vertraege', '/kunden/vertraege');
    const nav = screen.getByRole('navigation', { name: 'Kundenportal' });
    const contracts = within(nav).getByRole('link', { name: 'Meine Verträge' });
    expect(contracts).toHaveAttribute('href', '/kunden/vertraege');
    expect(contracts).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Meine Schäden' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});
