import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';
import { claimLookupUrl } from './helpers/claimLookup.ts';
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
    url: claimLookupUrl(contract),
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

describe('claims for every product, with the claimant’s documents', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
  const travel = {
    schadenart: { schadenart: 'REISERUECKTRITT' },
    hergang: {
      schadendatum: '2025-06-01',
      schadenort: 'Hamburg',
      beschreibung: 'Ich bin vor der Reise schwer erkrankt und konnte nicht fliegen.',
    },
    auszahlung: { kontoinhaber: 'Anna Schmidt', iban: 'DE75512108001245126199' },
  };

  async function uploadWith(tok: string, bytes: Buffer, name: string) {
    const auth = { authorization: `Bearer ${tok}` };
    const slot = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: auth,
      payload: { name },
    });
    const { id, uploadUrl } = slot.json<{ id: string; uploadUrl: string }>();
    const put = await server.app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    return { id, put, slot };
  }

  it('asks each product for its own damage types: travel takes a cancelled trip, not a burst pipe', async () => {
    const tok = await token('AS-10000105', 'Schmidt', '1985-03-14');
    const wrong = await report(tok, { ...travel, schadenart: { schadenart: 'LEITUNGSWASSER' } });
    expect(wrong.statusCode).toBe(400);
    const right = await report(tok, travel);
    expect(right.statusCode).toBe(201);
  });

  it('takes the claimant’s uploads with the token and files them with the claim', async () => {
    const tok = await token('AS-10000103', 'Schmidt', '1985-03-14');
    const { id, put } = await uploadWith(tok, PDF, 'Kaufbeleg Fahrrad.pdf');
    expect(put.statusCode).toBe(200);
    const response = await report(tok, {
      ...travel,
      schadenart: { schadenart: 'FAHRRADDIEBSTAHL' },
      unterlagen: {
        dateien: [{ id, name: 'Kaufbeleg Fahrrad.pdf', type: 'application/pdf', size: PDF.length }],
      },
    });
    expect(response.statusCode).toBe(201);
    const { aktenId } = response.json<{ aktenId: string }>();
    const files = await queryRows<{ name: string; richtung: string }>(
      server.db.database.db,
      sql`SELECT a.name, m.richtung FROM attachments a JOIN claim_messages m ON m.id = a.claim_message_id
          WHERE m.akten_id = ${aktenId}`,
    );
    expect(files).toEqual([{ name: 'Kaufbeleg Fahrrad.pdf', richtung: 'AUSGANG' }]);
    // The used token uploads no more.
    const after = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { authorization: `Bearer ${tok}` },
      payload: { name: 'noch.pdf' },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json<{ message: string }>().message).toMatch(/abgelaufen/);
  });

  it('keeps tokens apart: another claimant’s upload is refused, an executable too', async () => {
    const mine = await token('AS-10000103', 'Schmidt', '1985-03-14');
    const theirs = await token('HFK-20000102');
    const { id } = await uploadWith(theirs, PDF, 'fremd.pdf');
    const response = await report(mine, {
      ...travel,
      schadenart: { schadenart: 'FAHRRADDIEBSTAHL' },
      unterlagen: {
        dateien: [{ id, name: 'fremd.pdf', type: 'application/pdf', size: PDF.length }],
      },
    });
    expect(response.statusCode).toBe(400);
    const exe = await uploadWith(
      mine,
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0]),
      'bild.jpg',
    );
    expect(exe.put.statusCode).toBe(415);
    expect(exe.put.json<{ message: string }>().message).toMatch(/[äöü]|Datei/);
  });
});

describe('every claim product of claim-products.json', () => {
  // One contract per claim product, the damage type it offers and one only another product offers.
  const products: [string, string, string, string, string, string][] = [
    ['THV', 'AS-10000104', 'Schmidt', '1985-03-14', 'TIER_ANDERES_TIER', 'SCHLUESSELVERLUST'],
    ['PHV', 'AS-10000101', 'Schmidt', '1985-03-14', 'SCHLUESSELVERLUST', 'FAHRRADDIEBSTAHL'],
    ['BHV', 'AS-10000201', 'Becker', '1972-09-02', 'VERMOEGENSSCHADEN', 'TIER_SACHSCHADEN'],
    ['SI', 'AS-10000203', 'Becker', '1972-09-02', 'ELEKTRONIK', 'FAHRRADDIEBSTAHL'],
    ['VH', 'AS-10000202', 'Becker', '1972-09-02', 'BETRIEBSUNTERBRECHUNG', 'PERSONENSCHADEN'],
    ['FAHRRAD', 'AS-10000103', 'Schmidt', '1985-03-14', 'FAHRRAD_BESCHAEDIGUNG', 'LEITUNGSWASSER'],
    ['HAUSRAT', 'AS-10000102', 'Schmidt', '1985-03-14', 'GLASBRUCH', 'ELEKTRONIK'],
    ['REISE', 'AS-10000105', 'Schmidt', '1985-03-14', 'GEPAECK', 'FAHRRADDIEBSTAHL'],
  ];

  it.each(products)(
    '%s: the look-up issues a token, the report takes its own damage type and not another’s',
    async (product, contract, name, birth, own, foreign) => {
      ip += 1;
      const found = await server.app.inject({
        method: 'GET',
        url: claimLookupUrl(contract),
        remoteAddress: `10.2.0.${ip}`,
        headers: {
          authorization: `Custom ${Buffer.from(`${contract}:${name}:${birth}`).toString('base64')}`,
        },
      });
      expect(found.statusCode).toBe(200);
      const { versicherung, token: tok } = found.json<{ versicherung: string; token: string }>();
      expect(versicherung).toBe(product);
      expect(tok).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const claim = (schadenart: string) => ({ ...answers, schadenart: { schadenart } });
      const refused = await report(tok, claim(foreign));
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ fieldErrors: { path: string }[] }>().fieldErrors[0]?.path).toBe(
        '/body/schadenart/schadenart',
      );
      const taken = await report(tok, claim(own));
      expect(taken.statusCode).toBe(201);
      const { aktenId } = taken.json<{ aktenId: string }>();
      const [stored] = await queryRows<{ versicherungs_nummer: string; art: string }>(
        server.db.database.db,
        sql`SELECT versicherungs_nummer, details->'schadenart'->>'schadenart' AS art
            FROM claims WHERE akten_id = ${aktenId}`,
      );
      expect(stored).toEqual({ versicherungs_nummer: contract, art: own });
    },
  );
});
