import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';
import { queryRows } from '../../apps/server/src/claims/sql.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

let ip = 0;
async function token(
  contract = 'HFK-20000102',
  name = 'Müller',
  birth = '1968-07-22',
): Promise<string> {
  ip += 1;
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/schadenmeldung/vertrag',
    remoteAddress: `10.1.0.${ip}`,
    headers: {
      authorization: `Custom ${Buffer.from(`${contract}:${name}:${birth}`).toString('base64')}`,
    },
  });
  return response.json<{ token: string }>().token;
}

const answers = {
  schadenart: { schadenart: 'LEITUNGSWASSER' },
  hergang: {
    schadendatum: '2025-06-01',
    schadenort: 'Küche, Lindenstraße 4, Hamburg',
    beschreibung: 'Die Spülmaschine ist ausgelaufen, der Boden ist nass.',
    schadenhoehe: 1250.5,
  },
  auszahlung: { kontoinhaber: ' Klaus Müller ', iban: 'de75 5121 0800 1245 1261 99' },
};
const report = (tok: string, body: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/schadenmeldung/meldung',
    headers: { authorization: `Bearer ${tok}`, ...headers },
    payload: body as object,
  });

describe('POST /api/schadenmeldung/meldung (claim report)', () => {
  it('creates the claim with its normalised answers and a confirmation message, and answers the claim number', async () => {
    const response = await report(await token(), answers);
    expect(response.statusCode).toBe(201);
    const { aktenId } = response.json<{ aktenId: string }>();
    expect(aktenId).toMatch(/^S-\d{4}-[A-Z0-9]{8}$/);
    const [claim] = await queryRows<{
      versicherungs_nummer: string;
      partner_nummer: string;
      details: { auszahlung: { iban: string; kontoinhaber: string } };
    }>(
      server.db.database.db,
      sql`SELECT versicherungs_nummer, partner_nummer, details FROM claims WHERE akten_id = ${aktenId}`,
    );
    expect(claim).toMatchObject({
      versicherungs_nummer: 'HFK-20000102',
      partner_nummer: '3000101',
    });
    expect(claim?.details.auszahlung).toEqual({
      kontoinhaber: 'Klaus Müller',
      iban: 'DE75512108001245126199',
    });
    const messages = await queryRows(
      server.db.database.db,
      sql`SELECT betreff FROM claim_messages WHERE akten_id = ${aktenId}`,
    );
    expect(messages).toEqual([{ betreff: `Eingangsbestätigung zu Schaden ${aktenId}` }]);
  });

  it('answers 400 with German field errors and writes nothing for invalid answers', async () => {
    const tok = await token();
    const before = await queryRows<{ n: string }>(
      server.db.database.db,
      sql`SELECT count(*) AS n FROM claims`,
    );
    const response = await report(tok, {
      ...answers,
      auszahlung: { kontoinhaber: 'Klaus Müller', iban: 'DE00370400440532013000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation',
      fieldErrors: [
        { path: '/body/auszahlung/iban', message: 'Bitte geben Sie eine gültige IBAN ein.' },
      ],
    });
    const after = await queryRows<{ n: string }>(
      server.db.database.db,
      sql`SELECT count(*) AS n FROM claims`,
    );
    expect(after).toEqual(before);
    expect((await report(tok, answers)).statusCode).toBe(201);
  });

  it('rejects a damage type the product does not offer, as the browser does', async () => {
    const response = await report(await token(), {
      ...answers,
      schadenart: { schadenart: 'PERSONENSCHADEN' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: [
        { path: '/body/schadenart/schadenart', message: 'Bitte wählen Sie aus, was passiert ist.' },
      ],
    });
  });

  it('uses a token once: a second report with it gets 401', async () => {
    const tok = await token();
    expect((await report(tok, answers)).statusCode).toBe(201);
    const again = await report(tok, answers);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ message: string }>().message).toContain('abgelaufen');
  });

  it('refuses an expired token', async () => {
    const tok = await token();
    await server.db.database.db.execute(
      sql`UPDATE claim_tokens SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`,
    );
    expect((await report(tok, answers)).statusCode).toBe(401);
  });

  it('replays the first answer for a repeated Idempotency-Key and writes one claim', async () => {
    const tok = await token();
    const first = await report(tok, answers, { 'idempotency-key': 'claim-key-1' });
    const second = await report(tok, answers, { 'idempotency-key': 'claim-key-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const other = await report(
      tok,
      { ...answers, hergang: { ...answers.hergang, schadenort: 'Bad' } },
      { 'idempotency-key': 'claim-key-1' },
    );
    expect(other.statusCode).toBe(422);
  });
});
