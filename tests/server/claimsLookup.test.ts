import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const credential = (text: string): string =>
  `Custom ${Buffer.from(text, 'utf8').toString('base64')}`;
const lookUp = (authorization: string | undefined, ip = '10.0.0.1', marke: string | null = 'hfk') =>
  server.app.inject({
    method: 'GET',
    url: `/api/schadenmeldung/vertrag${marke === null ? '' : `?marke=${marke}`}`,
    remoteAddress: ip,
    headers: authorization ? { authorization } : {},
  });

describe('GET /api/schadenmeldung/vertrag (claim entry look-up)', () => {
  it('answers the claim product and a token for a matching contract, last name and birth date', async () => {
    const response = await lookUp(credential('HFK-20000101:Müller:1968-07-22'), '10.0.1.1');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ versicherung: string; token: string }>();
    expect(body.versicherung).toBe('PHV');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('names household and business liability contracts by their claim product', async () => {
    expect(
      (await lookUp(credential('HFK-20000102:Müller:1968-07-22'), '10.0.1.2')).json(),
    ).toMatchObject({ versicherung: 'HAUSRAT' });
    expect(
      (await lookUp(credential('HFK-20000201:Hoffmann:1979-11-05'), '10.0.1.2')).json(),
    ).toMatchObject({ versicherung: 'BHV' });
  });

  it('finds only contracts of the brand whose claim entry asks: another brand’s answers like a missing one', async () => {
    const hfkContract = credential('HFK-20000101:Müller:1968-07-22');
    const missing = await lookUp(credential('HFK-99999999:Müller:1968-07-22'), '10.0.1.5');
    const answers = await Promise.all([
      lookUp(hfkContract, '10.0.1.5', 'andsafe'),
      lookUp(hfkContract, '10.0.1.5', 's-direkt'),
      lookUp(hfkContract, '10.0.1.5', null),
      lookUp(hfkContract, '10.0.1.5', 'unbekannt'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    expect(answers.map((a) => a.body)).toEqual(answers.map(() => missing.body));
    expect((await lookUp(hfkContract, '10.0.1.6', 'hfk')).statusCode).toBe(200);
  });

  it('compares the last name without regard to case and accents', async () => {
    for (const name of ['MÜLLER', 'muller', ' Muller ']) {
      expect(
        (await lookUp(credential(`hfk-20000101:${name}:1968-07-22`), '10.0.1.3')).statusCode,
      ).toBe(200);
    }
  });

  it('gives the same 404 for a wrong contract, a wrong name and a wrong birth date', async () => {
    const answers = await Promise.all(
      [
        'HFK-99999999:Müller:1968-07-22',
        'HFK-20000101:Meier:1968-07-22',
        'HFK-20000101:Müller:1968-07-23',
      ].map((c) => lookUp(credential(c), '10.0.1.4')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.json()).toEqual({
      error: 'not-found',
      message: 'Wir konnten keinen passenden Vertrag finden. Bitte prüfen Sie Ihre Angaben.',
    });
  });

  it('answers 404 for a missing or malformed credential', async () => {
    expect((await lookUp(undefined, '10.0.1.5')).statusCode).toBe(404);
    expect((await lookUp('Custom ###', '10.0.1.5')).statusCode).toBe(404);
    expect((await lookUp(credential('only-one-part'), '10.0.1.5')).statusCode).toBe(404);
  });

  it('throttles a flood of wrong guesses from one client with 429, and not other clients', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await lookUp(credential(`HFK-2000010${i}:X:1970-01-01`), '10.0.2.1')).statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const blocked = await lookUp(credential('HFK-20000101:Müller:1968-07-22'), '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await lookUp(credential('HFK-20000101:Müller:1968-07-22'), '10.0.2.2')).statusCode,
    ).toBe(200);
  });

  it('issues a claim token for every product with claims, a bike among them', async () => {
    const response = await lookUp(
      credential('AS-10000301:Wagner:1991-12-30'),
      '10.0.1.6',
      'andsafe',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ versicherung: 'FAHRRAD', token: expect.any(String) });
  });
});
