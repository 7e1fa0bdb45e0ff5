import { flows } from '../../../generated/definitions/index.ts';
// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpCall, HttpResult } from '../../../apps/web/src/http/index.ts';
import { fail, fakeSend, ok, plain, renderPage, setupPortalTexts } from '../portal/support.tsx';

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

const { CustomerBasePage } = await import('../../../apps/web/src/agent/CustomerBasePage.tsx');
const { AgentCustomerPage } = await import('../../../apps/web/src/agent/AgentCustomerPage.tsx');
const { DraftsPage } = await import('../../../apps/web/src/agent/DraftsPage.tsx');
const { AgentNav } = await import('../../../apps/web/src/agent/AgentNav.tsx');
const { Breadcrumbs } = await import('../../../apps/web/src/layout/Breadcrumbs.tsx');
const { matchesName } = await import('../../../apps/web/src/agent/agentApi.ts');

const customers = [
  {
    partnerNummer: '2000101',
    anrede: 'Frau',
    vorname: 'Anna',
    nachname: 'Schmidt',
    geburtsdatum: '1985-03-14',
    plz: '10115',
    ort: 'Berlin',
    anzahlVertraege: 4,
  },
  {
    partnerNummer: '2000102',
    anrede: 'Herr',
    vorname: 'Jörg',
    nachname: 'Müller',
    geburtsdatum: '1970-11-02',
    plz: '80331',
    ort: 'München',
    anzahlVertraege: 1,
  },
  {
    partnerNummer: '2000103',
    anrede: 'Frau',
    vorname: 'Lena',
    nachname: 'Schmidtke',
    geburtsdatum: '1999-07-30',
    plz: '20095',
    ort: 'Hamburg',
    anzahlVertraege: 0,
  },
];

beforeAll(setupPortalTexts);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the customer base', () => {
  const renderBase = () =>
    renderPage(<CustomerBasePage />, '/vermittler/kundenbestand', '/vermittler/kundenbestand');

  it('lists the agency’s customers with links to each', async () => {
    const fake = fakeSend({ 'GET /api/vermittler/kunden': ok(customers) });
    server.send = fake.send;
    renderBase();
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen');
    const link = await screen.findByRole('link', { name: 'Frau Anna Schmidt' });
    expect(link).toHaveAttribute('href', '/vermittler/kunde/2000101');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('14.03.1985')).toBeInTheDocument();
    expect(within(row).getByText('10115 Berlin')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('3 Kunden')).toBeInTheDocument();
    expect(fake.calls).toEqual([{ method: 'GET', url: '/api/vermittler/kunden', auth: 'bearer' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Kundenbestand' })).toHaveFocus();
    expect(document.title).toBe('Kundenbestand');
  });

  it('filters by name as the agent types', async () => {
    server.send = fakeSend({ 'GET /api/vermittler/kunden': ok(customers) }).send;
    const user = userEvent.setup();
    renderBase();
    const filter = await screen.findByLabelText('Nach Namen filtern');
    await user.type(filter, 'schmidt');
    expect(screen.getByRole('link', { name: 'Frau Anna Schmidt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Frau Lena Schmidtke' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Herr Jörg Müller' })).not.toBeInTheDocument();
    expect(screen.getByText('2 von 3 Kunden passen zu Ihrer Eingabe.')).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'anna schm');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('1 von 3 Kunden passt zu Ihrer Eingabe.')).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'jörg');
    expect(screen.getByRole('link', { name: 'Herr Jörg Müller' })).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'Niemand');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('0 von 3 Kunden passen zu Ihrer Eingabe.')).toBeInTheDocument();
  });

  it('matches first and last names in any order, ignoring case', () => {
    const anna = { vorname: 'Anna', nachname: 'Schmidt' };
    expect(matchesName(anna, '')).toBe(true);
    expect(matchesName(anna, 'SCHMIDT, anna')).toBe(true);
    expect(matchesName(anna, 'ann schmi')).toBe(true);
    expect(matchesName(anna, 'anna müller')).toBe(false);
  });

  it('shows an error when the API fails', async () => {
    server.send = fakeSend({ 'GET /api/vermittler/kunden': fail(503) }).send;
    renderBase();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ihren Kundenbestand konnten wir gerade nicht laden',
    );
  });

  it('says so when the customer base is empty', async () => {
    server.send = fakeSend({ 'GET /api/vermittler/kunden': ok([]) }).send;
    renderBase();
    expect(await screen.findByText(/noch keine Kunden/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Nach Namen filtern')).not.toBeInTheDocument();
  });
});

describe('the customer page', () => {
  const URL = '/api/vermittler/kunden/2000101';
  const customer = {
    partnerNummer: '2000101',
    anrede: 'Frau',
    vorname: 'Anna',
    nachname: 'Schmidt',
    geburtsdatum: '1985-03-14',
    email: 'anna.schmidt@beispiel.example',
    telefon: null,
    marke: 'andsafe',
    adresse: { strasse: 'Lindenstraße', hausnummer: '12', plz: '10115', ort: 'Berlin' },
    vertraege: [
      {
        versicherungsNummer: 'AS-10000103',
        produkt: 'FAHRRAD',
        vertragsstatus: 'LAUFEND',
        versicherungsName: 'Fahrradversicherung',
        vertragsBeginn: '2024-05-15',
        zahlweise: 'VIERTELJAEHRLICH',
        versicherungsPraemie: 21.3,
        aktiv: true,
      },
    ],
  };
  const renderCustomer = () =>
    renderPage(
      <AgentCustomerPage />,
      '/vermittler/kunde/:partnerNummer',
      '/vermittler/kunde/2000101',
    );

  it('names the customer in the breadcrumb trail, not the customer number', async () => {
    server.send = fakeSend({ [`GET ${URL}`]: ok(customer) }).send;
    renderPage(
      <>
        <Breadcrumbs />
        <AgentCustomerPage />
      </>,
      '/vermittler/kunde/:partnerNummer',
      '/vermittler/kunde/2000101',
    );
    await screen.findByRole('heading', { level: 1, name: 'Frau Anna Schmidt' });
    const trail = screen.getByRole('navigation', { name: 'Sie sind hier' });
    await waitFor(() =>
      expect(
        within(trail)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Vermittlerportal', 'Frau Anna Schmidt']),
    );
  });

  it('shows the customer’s data, contracts and the applications of the customer’s brand from the flow index', async () => {
    const fake = fakeSend({ [`GET ${URL}`]: ok(customer) });
    server.send = fake.send;
    renderCustomer();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Frau Anna Schmidt' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Frau Anna Schmidt');
    const offered = screen.getByRole('list', { name: 'Neuer Antrag' });
    // New applications only: a flow for existing contracts is offered on the contract's card.
    const agentRoutes = flows.filter(
      (entry) =>
        entry.variant === 'agent' &&
        entry.brands.includes('andsafe') &&
        entry.forContracts === undefined,
    );
    expect(
      within(offered)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(agentRoutes.map((entry) => entry.baseRoute.replace('{partnerNummer}', '2000101')));
    expect(screen.getByRole('link', { name: 'Fahrradversicherung beantragen' })).toHaveAttribute(
      'href',
      '/vermittler/kunde/2000101/antrag/fahrrad',
    );
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Partnernummer')).toBe('2000101');
    expect(value('Geburtsdatum')).toBe('14.03.1985');
    expect(value('Anschrift')).toBe('Lindenstraße 12, 10115 Berlin');
    expect(value('E-Mail-Adresse')).toBe('anna.schmidt@beispiel.example');
    expect(value('Telefonnummer')).toBe('Nicht angegeben');
    const contract = screen.getByRole('heading', { level: 3, name: 'Fahrradversicherung' });
    const card = contract.closest('li') as HTMLElement;
    expect(within(card).getByText('AS-10000103')).toBeInTheDocument();
    expect(within(card).getByText('Aktiv')).toBeInTheDocument();
    expect(plain(card.textContent)).toContain('21,30 € vierteljährlich');
    expect(fake.calls).toEqual([{ method: 'GET', url: URL, auth: 'bearer' }]);
  });

  it('writes the customer’s telephone number as people read it (national notation)', async () => {
    server.send = fakeSend({
      [`GET ${URL}`]: ok({ ...customer, telefon: '+4934112345602' }),
    }).send;
    renderCustomer();
    await screen.findByRole('heading', { level: 1, name: 'Frau Anna Schmidt' });
    expect(screen.getByText('Telefonnummer').nextElementSibling?.textContent).toBe('0341 12345602');
  });

  it('says "Kunde nicht gefunden" on a 404, with a link back', async () => {
    server.send = fakeSend({ [`GET ${URL}`]: fail(404) }).send;
    renderCustomer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kunde nicht gefunden' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fahrradversicherung beantragen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zurück zum Kundenbestand' })).toHaveAttribute(
      'href',
      '/vermittler/kundenbestand',
    );
  });

  it('shows an error on any other failure', async () => {
    server.send = fakeSend({ [`GET ${URL}`]: fail(500) }).send;
    renderCustomer();
    expect(await screen.findByRole('alert')).toHaveTextContent('nicht laden');
  });
});

describe('the drafts', () => {
  const drafts = [
    {
      id: '6f1c1b0e-1111-4a4a-9b9b-000000000001',
      flow: 'fahrrad',
      partnerNummer: '2000101',
      kundeName: 'Anna Schmidt',
      schritt: 'fahrrad',
      aktualisiert: '2026-05-04T09:30:00.000Z',
    },
    {
      id: '6f1c1b0e-1111-4a4a-9b9b-000000000002',
      flow: 'fahrrad',
      partnerNummer: '2000102',
      kundeName: 'Jörg Müller',
      schritt: 'zusammenfassung',
      aktualisiert: '2026-05-03T15:00:00.000Z',
    },
  ];
  const [first, second] = drafts as [(typeof drafts)[0], (typeof drafts)[0]];
  const renderDrafts = () =>
    renderPage(<DraftsPage />, '/vermittler/entwuerfe', '/vermittler/entwuerfe');

  /** A server whose draft list loses a draft once it is deleted. */
  function draftServer(deleteAnswer: HttpResult = ok(null, 204)) {
    let list = [...drafts];
    return fakeSend({
      'GET /api/vermittler/entwuerfe': () => ok(list),
      [`DELETE /api/vermittler/entwuerfe/${first.id}`]: () => {
        if (deleteAnswer.ok) list = list.filter((draft) => draft.id !== first.id);
        return deleteAnswer;
      },
    });
  }

  it('lists the drafts with a link to continue each', async () => {
    server.send = draftServer().send;
    renderDrafts();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const row = screen
      .getByRole('rowheader', { name: 'Anna Schmidt' })
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Fahrradversicherung')).toBeInTheDocument();
    expect(within(row).getByText(/^04\.05\.2026, \d\d:30$/)).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Fortsetzen (Fahrradversicherung für Anna Schmidt)' }),
    ).toHaveAttribute('href', `/vermittler/kunde/2000101/antrag/fahrrad?entwurf=${first.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Entwürfe' })).toHaveFocus();
    expect(document.title).toBe('Entwürfe');
  });

  it('deletes a draft after confirmation and refreshes the list', async () => {
    const fake = draftServer();
    server.send = fake.send;
    const user = userEvent.setup();
    renderDrafts();
    await user.click(
      await screen.findByRole('button', { name: 'Löschen (Fahrradversicherung für Anna Schmidt)' }),
    );
    const question = screen.getByText(/wirklich löschen/);
    expect(question).toHaveFocus();
    expect(screen.getByRole('group', { name: question.textContent ?? '' })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ja, Entwurf löschen' }));
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Anna Schmidt' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: 'Jörg Müller' })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/api/vermittler/entwuerfe/${first.id}`, auth: 'bearer' },
    ]);
    expect(fake.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Der Entwurf „Fahrradversicherung“ für Anna Schmidt wurde gelöscht.',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('keeps the draft when the agent cancels, with focus back on "Löschen"', async () => {
    const fake = draftServer();
    server.send = fake.send;
    const user = userEvent.setup();
    renderDrafts();
    const name = 'Löschen (Fahrradversicherung für Jörg Müller)';
    await user.click(await screen.findByRole('button', { name }));
    expect(screen.getByText(/Jörg Müller wirklich löschen/)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.getByRole('button', { name })).toHaveFocus();
    expect(screen.queryByText(/wirklich löschen/)).not.toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(second.id).not.toBe(first.id);
  });

  it('says so when the deletion fails, and keeps the draft', async () => {
    server.send = draftServer(fail(500)).send;
    const user = userEvent.setup();
    renderDrafts();
    const name = 'Löschen (Fahrradversicherung für Anna Schmidt)';
    await user.click(await screen.findByRole('button', { name }));
    await user.click(screen.getByRole('button', { name: 'Ja, Entwurf löschen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Entwurf konnte nicht gelöscht werden',
    );
    expect(screen.getByRole('rowheader', { name: 'Anna Schmidt' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name })).toHaveFocus());
  });

  it('says so when there are no drafts', async () => {
    server.send = fakeSend({ 'GET /api/vermittler/entwuerfe': ok([]) }).send;
    renderDrafts();
    expect(await screen.findByText('Sie haben keine gespeicherten Entwürfe.')).toBeInTheDocument();
  });

  it('shows an error when the list cannot be loaded', async () => {
    server.send = fakeSend({ 'GET /api/vermittler/entwuerfe': fail(503) }).send;
    renderDrafts();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ihre Entwürfe konnten wir gerade nicht laden',
    );
  });
});

describe('the agent navigation', () => {
  it('links to the customer base and the drafts, marking the current page', () => {
    renderPage(<AgentNav />, '/vermittler/entwuerfe', '/vermittler/entwuerfe');
    const nav = screen.getByRole('navigation', { name: 'Vermittlerportal' });
    expect(within(nav).getByRole('link', { name: 'Kundenbestand' })).toHaveAttribute(
      'href',
      '/vermittler/kundenbestand',
    );
    expect(within(nav).getByRole('link', { name: 'Entwürfe' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
