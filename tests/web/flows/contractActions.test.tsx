// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpCall, HttpResult } from '../../../apps/web/src/http/index.ts';
import { fakeSend, ok, renderPage, setupPortalTexts } from '../portal/support.tsx';

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

const { ContractDetailPage } = await import('../../../apps/web/src/portal/ContractDetailPage.tsx');
const { AgentCustomerPage } = await import('../../../apps/web/src/agent/AgentCustomerPage.tsx');
const { resumePath } = await import('../../../apps/web/src/agent/DraftsPage.tsx');
const { applicationEntries, publicApplicationEntries } =
  await import('../../../apps/web/src/flows/flowIndex.ts');
const { contractActions } = await import('../../../apps/web/src/flows/contractActions.ts');
const TODAY = '2025-06-15';
const ids = (entries: readonly { id: string }[]) => entries.map((e) => e.id);

const CHANGE = 'betriebshaftpflicht-wechsel';

beforeAll(async () => {
  await setupPortalTexts();
  // The flow's own texts (the action's label), as the app loads them on first use.
  i18next.addResourceBundle(
    'de',
    CHANGE,
    JSON.parse(readFileSync(`definitions/locales/de/${CHANGE}.json`, 'utf8')) as object,
  );
});
afterEach(cleanup);

const bhv1 = {
  versicherungsNummer: 'AS-10000201',
  produkt: 'BHV_1',
  vertragsstatus: 'LAUFEND',
  versicherungsName: 'Betriebshaftpflicht',
  vertragsBeginn: '2022-01-01',
  zahlweise: 'HALBJAEHRLICH',
  versicherungsPraemie: 412.5,
  aktiv: true,
  aufgaben: [],
  aenderungshistorie: [],
};

describe('flows offered for existing contracts in the flow index', () => {
  it('are no new applications: not on the home page, not among the agent’s new applications', () => {
    expect(publicApplicationEntries('andsafe', 'customer').map((e) => e.id)).not.toContain(CHANGE);
    expect(applicationEntries('andsafe', 'agent').map((e) => e.id)).not.toContain(CHANGE);
    expect(publicApplicationEntries('andsafe', 'customer').map((e) => e.id)).toContain(
      'betriebshaftpflicht',
    );
  });

  it('are the actions of a contract of their products, in the customer and the agent variant', () => {
    expect(ids(contractActions('andsafe', 'customer', bhv1, TODAY))).toContain(CHANGE);
    expect(ids(contractActions('andsafe', 'agent', bhv1, TODAY))).toEqual([CHANGE]);
    const bhv2 = { ...bhv1, produkt: 'BHV_2' };
    expect(ids(contractActions('andsafe', 'customer', bhv2, TODAY))).not.toContain(CHANGE);
    expect(ids(contractActions('protect-ch', 'customer', bhv1, TODAY))).not.toContain(CHANGE);
  });

  it('offer a self-service change exactly where its rule over the contract holds', () => {
    // zahlungsweise: an active contract not paid by a single premium.
    expect(ids(contractActions('andsafe', 'customer', bhv1, TODAY))).toContain('zahlungsweise');
    const single = { ...bhv1, zahlweise: 'EINMALIG' };
    expect(ids(contractActions('andsafe', 'customer', single, TODAY))).not.toContain(
      'zahlungsweise',
    );
    const ended = { ...bhv1, aktiv: false, vertragsstatus: 'BEENDET' };
    expect(contractActions('andsafe', 'customer', ended, TODAY)).toEqual([]);
    // A self-service flow has no agent variant.
    expect(ids(contractActions('andsafe', 'agent', bhv1, TODAY))).not.toContain('zahlungsweise');
  });

  it('resume an agent’s draft at the route of its contract', () => {
    expect(
      resumePath({
        id: 'd1',
        flow: CHANGE,
        partnerNummer: '2000102',
        vertragsNummer: 'AS-10000201',
      }),
    ).toBe('/vermittler/kunde/2000102/vertraege/AS-10000201/tarifwechsel?entwurf=d1');
  });
});

describe('the contract pages offer the change of tariff', () => {
  it('on the customer’s page of a BHV_1 contract, not of another product', async () => {
    server.send = fakeSend({
      'GET /api/vertrag/vertrag/AS-10000201': ok({ ...bhv1, bankverbindung: null }),
    }).send;
    renderPage(
      <ContractDetailPage brand="andsafe" />,
      '/kunden/vertraege/:versicherungsNummer',
      '/kunden/vertraege/AS-10000201',
    );
    const link = await screen.findByRole('link', { name: 'In den neuen Tarif wechseln' });
    expect(link).toHaveAttribute('href', '/kunden/vertraege/AS-10000201/tarifwechsel');
    cleanup();
    server.send = fakeSend({
      'GET /api/vertrag/vertrag/AS-10000202': ok({
        ...bhv1,
        versicherungsNummer: 'AS-10000202',
        produkt: 'VH',
        bankverbindung: null,
      }),
    }).send;
    renderPage(
      <ContractDetailPage brand="andsafe" />,
      '/kunden/vertraege/:versicherungsNummer',
      '/kunden/vertraege/AS-10000202',
    );
    await screen.findByRole('link', { name: 'Zahlungsweise ändern' });
    expect(screen.queryByRole('link', { name: 'In den neuen Tarif wechseln' })).toBeNull();
  });

  it('on the agent’s card of the customer’s BHV_1 contract, for that customer', async () => {
    server.send = fakeSend({
      'GET /api/vermittler/kunden/2000102': ok({
        partnerNummer: '2000102',
        anrede: 'Herr',
        vorname: 'Thomas',
        nachname: 'Becker',
        geburtsdatum: '1972-09-02',
        email: null,
        telefon: null,
        marke: 'andsafe',
        adresse: {
          strasse: 'Karl-Liebknecht-Straße',
          hausnummer: '54',
          plz: '04275',
          ort: 'Leipzig',
        },
        vertraege: [bhv1, { ...bhv1, versicherungsNummer: 'AS-10000202', produkt: 'VH' }],
      }),
    }).send;
    renderPage(
      <AgentCustomerPage />,
      '/vermittler/kunde/:partnerNummer',
      '/vermittler/kunde/2000102',
    );
    const actions = await screen.findByRole('list', {
      name: 'Möglichkeiten zum Vertrag AS-10000201',
    });
    expect(
      within(actions).getByRole('link', { name: 'In den neuen Tarif wechseln' }),
    ).toHaveAttribute('href', '/vermittler/kunde/2000102/vertraege/AS-10000201/tarifwechsel');
    expect(
      screen.queryByRole('list', { name: 'Möglichkeiten zum Vertrag AS-10000202' }),
    ).toBeNull();
  });
});
