// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CognitoUserSession } from 'amazon-cognito-identity-js';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileResult, HttpCall, HttpResult } from '../../../apps/web/src/http/index.ts';
import { fakeSend, ok, renderPage, setupPortalTexts } from './support.tsx';

const server = vi.hoisted(() => ({
  send: (call: HttpCall): Promise<HttpResult> =>
    Promise.reject(new Error(`unexpected ${call.url}`)),
  fetchFile: (call: HttpCall): Promise<FileResult> =>
    Promise.reject(new Error(`unexpected ${call.url}`)),
  saved: [] as { blob: Blob; name: string }[],
  saveFile(blob: Blob, name: string): void {
    this.saved.push({ blob, name });
  },
}));
vi.mock('../../../apps/web/src/http/index.ts', () => ({
  http: {
    send: (call: HttpCall) => server.send(call),
    answer: (call: HttpCall) => server.send(call),
    fetchFile: (call: HttpCall) => server.fetchFile(call),
    configure: () => undefined,
  },
  saveFile: (blob: Blob, name: string) => server.saveFile(blob, name),
}));

const { authStore } = await import('../../../apps/web/src/auth/index.ts');
const { ContractDetailPage } = await import('../../../apps/web/src/portal/ContractDetailPage.tsx');
const { ContractDocuments } = await import('../../../apps/web/src/portal/ContractDocuments.tsx');

const POLICY_URL =
  '/api/vertrag/vertrag/AS-10000101/dokumente/00000000-0000-4000-8000-000000000013';
const NOTICE_URL =
  '/api/vertrag/vertrag/AS-10000101/dokumente/00000000-0000-4000-8000-000000000014';
const documents = [
  { name: 'Beitragsrechnung', typ: 'BEITRAGSRECHNUNG', url: NOTICE_URL },
  { name: 'Versicherungsschein', typ: 'VERSICHERUNGSSCHEIN', url: POLICY_URL },
];

const pdf = (name: string): FileResult => ({
  ok: true,
  status: 200,
  body: null,
  file: { blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), name },
});

beforeAll(setupPortalTexts);
beforeEach(() => {
  vi.spyOn(authStore.auth.benutzer, 'session').mockResolvedValue({
    getAccessToken: () => ({
      decodePayload: () => ({ 'custom:partnernummer': '2000101', token_use: 'access' }),
    }),
  } as unknown as CognitoUserSession);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the documents of a contract', () => {
  it('fetches a document with the session and saves it under the server’s file name', async () => {
    const calls: HttpCall[] = [];
    server.fetchFile = async (call) => {
      calls.push(call);
      return pdf('Versicherungsschein-AS-10000101.pdf');
    };
    const saveFile = vi.spyOn(server, 'saveFile');
    render(<ContractDocuments documents={documents} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Ihre Unterlagen' })).toBeVisible();
    // Buttons, no plain links: a link would open the PDF without the bearer token.
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    fireEvent.click(
      screen.getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }),
    );
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ method: 'GET', url: POLICY_URL, auth: 'bearer' }]);
    const [blob, name] = saveFile.mock.calls[0] ?? [];
    expect(name).toBe('Versicherungsschein-AS-10000101.pdf');
    expect(blob?.type).toBe('application/pdf');
  });

  it('says so when a document cannot be loaded, and lets the customer try again', async () => {
    let answer: FileResult = { ok: false, status: 404, body: { error: 'not-found' } };
    server.fetchFile = async () => answer;
    const saveFile = vi.spyOn(server, 'saveFile');
    render(<ContractDocuments documents={documents} />);
    const button = screen.getByRole('button', { name: 'Beitragsrechnung herunterladen (PDF)' });
    fireEvent.click(button);
    expect(
      await screen.findByText(
        'Das Dokument konnte gerade nicht geladen werden. Bitte versuchen Sie es später noch einmal.',
      ),
    ).toBeVisible();
    expect(saveFile).not.toHaveBeenCalled();
    answer = pdf('Beitragsrechnung-AS-10000101.pdf');
    fireEvent.click(button);
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/konnte gerade nicht geladen werden/)).toBeNull();
  });

  it('fetches once while a download is still running', async () => {
    let finish: (result: FileResult) => void = () => undefined;
    const fetchFile = vi.fn(
      () =>
        new Promise<FileResult>((resolve) => {
          finish = resolve;
        }),
    );
    server.fetchFile = fetchFile;
    render(<ContractDocuments documents={documents} />);
    const button = screen.getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(fetchFile).toHaveBeenCalledTimes(1);
    finish(pdf('Versicherungsschein-AS-10000101.pdf'));
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
  });

  it('shows nothing for a contract without documents', () => {
    const { container } = render(<ContractDocuments documents={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('are download buttons on the contract page', async () => {
    server.send = fakeSend({
      'GET /api/vertrag/vertrag/AS-10000101': ok({
        aufgaben: [],
        aenderungshistorie: [],
        versicherungsNummer: 'AS-10000101',
        produkt: 'PRIVATHAFTPFLICHT',
        vertragsArt: 'PRIVAT',
        vertragsstatus: 'LAUFEND',
        versicherungsName: 'Privathaftpflichtversicherung',
        marke: 'ANDSAFE',
        vertragsBeginn: '2023-04-01',
        zahlweise: 'MONATLICH',
        versicherungsPraemie: 7.49,
        aktiv: true,
        bankverbindung: null,
        dokumente: documents,
      }),
    }).send;
    const requested: string[] = [];
    server.fetchFile = async (call) => {
      requested.push(call.url);
      return pdf('Beitragsrechnung-AS-10000101.pdf');
    };
    renderPage(
      <ContractDetailPage />,
      '/kunden/vertraege/:versicherungsNummer',
      '/kunden/vertraege/AS-10000101',
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Beitragsrechnung herunterladen (PDF)' }),
    );
    await waitFor(() => expect(requested).toEqual([NOTICE_URL]));
    expect(screen.queryByRole('link', { name: /Beitragsrechnung/ })).toBeNull();
  });
});
