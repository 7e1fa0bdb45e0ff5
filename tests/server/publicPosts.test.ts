import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, healthConsents } from '../../apps/server/src/db/schema/index.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

// The public posts: feedback and the health-records consent, validated with German messages,
// stored, and limited per client.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const post = (url: string, payload: Record<string, unknown>, ip = '10.0.0.1') =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('feedback', () => {
  it('stores a score with a comment from its source', async () => {
    const response = await post('/api/feedback', {
      marke: 'hfk',
      quelle: 'schadenmeldung',
      bewertung: 4,
      kommentar: '  Ging schnell. ',
    });
    expect(response.statusCode).toBe(201);
    const rows = await server.db.database.db.select().from(feedback);
    expect(rows.at(-1)).toMatchObject({
      brand: 'hfk',
      quelle: 'schadenmeldung',
      bewertung: 4,
      kommentar: 'Ging schnell.',
    });
  });

  it('refuses a score out of range, an unknown source shape and an empty post in German', async () => {
    const out = await post('/api/feedback', { marke: 'hfk', quelle: 'mail', bewertung: 9 });
    expect(out.statusCode).toBe(400);
    expect(out.json<{ fieldErrors: { message: string }[] }>().fieldErrors[0]?.message).toBe(
      'Bitte wählen Sie eine Bewertung von 1 bis 5.',
    );
    const zero = await post('/api/feedback', { marke: 'hfk', quelle: 'mail', bewertung: 0 });
    expect(zero.statusCode).toBe(400);
    const eleven = await post('/api/feedback', {
      marke: 'hfk',
      quelle: 'mail',
      skala: '0-10',
      bewertung: 11,
    });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json<{ fieldErrors: { message: string }[] }>().fieldErrors[0]?.message).toBe(
      'Bitte wählen Sie eine Bewertung von 0 bis 10.',
    );
    expect(
      (await post('/api/feedback', { marke: 'hfk', quelle: '../x', bewertung: 3 })).statusCode,
    ).toBe(400);
    const empty = await post('/api/feedback', { marke: 'hfk', quelle: 'mail', kommentar: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fieldErrors: { message: string }[] }>().fieldErrors[0]?.message).toBe(
      'Bitte geben Sie eine Bewertung oder einen Kommentar an.',
    );
  });

  it('stores a recommendation on the scale of 0 to 10, a 0 too', async () => {
    for (const bewertung of [0, 10]) {
      const response = await post(
        '/api/feedback',
        { marke: 'protect', quelle: 'nps-mail', skala: '0-10', bewertung },
        '10.0.3.1',
      );
      expect(response.statusCode).toBe(201);
    }
    const rows = (await server.db.database.db.select().from(feedback)).filter(
      (row) => row.quelle === 'nps-mail',
    );
    expect(rows.map((row) => [row.skala, row.bewertung])).toEqual([
      ['0-10', 0],
      ['0-10', 10],
    ]);
  });

  it('stores a post sent twice with one Idempotency-Key once and answers the same', async () => {
    const send = (kommentar: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/feedback',
        remoteAddress: '10.0.3.2',
        headers: { 'idempotency-key': 'feedback-doppelt-1' },
        payload: { marke: 'hfk', quelle: 'doppelt', bewertung: 2, kommentar },
      });
    const first = await send('Zweimal gesendet.');
    const again = await send('Zweimal gesendet.');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = (await server.db.database.db.select().from(feedback)).filter(
      (row) => row.quelle === 'doppelt',
    );
    expect(rows).toHaveLength(1);
    const other = await send('Ein anderer Text.');
    expect(other.statusCode).toBe(422);
  });

  it('takes at most 20 posts per client in 15 minutes, then asks to wait', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push(
        (await post('/api/feedback', { marke: 'andsafe', quelle: 'app', bewertung: 5 }, '10.9.9.9'))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('health-records consent', () => {
  it('records a consent with its contract and kind', async () => {
    const response = await post('/api/einwilligung', {
      marke: 'andsafe',
      name: 'Anna Schmidt',
      versicherungsNummer: 'as-10000105',
      geburtsdatum: '1985-03-14',
      art: 'REISEGESUNDHEIT',
      einwilligung: true,
    });
    expect(response.statusCode).toBe(201);
    const rows = await server.db.database.db.select().from(healthConsents);
    expect(rows.at(-1)).toMatchObject({
      versicherungsNummer: 'AS-10000105',
      art: 'REISEGESUNDHEIT',
    });
  });

  it('needs the ticked consent and a birth date in the past', async () => {
    const base = {
      marke: 'andsafe',
      name: 'Anna Schmidt',
      versicherungsNummer: 'AS-10000105',
      geburtsdatum: '1985-03-14',
      art: 'PERSONENSCHAEDEN',
    };
    const unticked = await post('/api/einwilligung', { ...base, einwilligung: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json<{ fieldErrors: { message: string }[] }>().fieldErrors[0]?.message).toBe(
      'Bitte bestätigen Sie die Einwilligung.',
    );
    const noName = await post('/api/einwilligung', { ...base, name: ' ', einwilligung: true });
    expect(noName.statusCode).toBe(400);
    const badNumber = await post('/api/einwilligung', {
      ...base,
      versicherungsNummer: '10000105',
      einwilligung: true,
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json<{ fieldErrors: { path: string }[] }>().fieldErrors[0]?.path).toContain(
      'versicherungsNummer',
    );
    const future = await post('/api/einwilligung', {
      ...base,
      geburtsdatum: '2030-01-01',
      einwilligung: true,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json<{ fieldErrors: { message: string }[] }>().fieldErrors[0]?.message).toBe(
      'Das Geburtsdatum muss in der Vergangenheit liegen.',
    );
  });

  it('takes the kinds of consent from the consent forms, and only those', async () => {
    const list = await server.app.inject({ method: 'GET', url: '/api/dokumente' });
    const kinds = list
      .json<{ pfad: string; einwilligung?: { art: string; bezeichnung: string } }[]>()
      .flatMap((item) => (item.einwilligung ? [[item.pfad, item.einwilligung.art]] : []));
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['/api/dokumente/einwilligung-personenschaeden', 'PERSONENSCHAEDEN'],
        ['/api/dokumente/einwilligung-reisegesundheit', 'REISEGESUNDHEIT'],
      ]),
    );
    expect(kinds).toHaveLength(2);
    const unknown = await post('/api/einwilligung', {
      marke: 'andsafe',
      name: 'Anna Schmidt',
      versicherungsNummer: 'AS-10000105',
      geburtsdatum: '1985-03-14',
      art: 'KRANKENVERSICHERUNG',
      einwilligung: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ fieldErrors: { path: string }[] }>().fieldErrors[0]?.path).toContain(
      'art',
    );
  });
});

describe('consent sent twice', () => {
  it('records one consent for a repeated Idempotency-Key', async () => {
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/einwilligung',
        remoteAddress: '10.0.4.1',
        headers: { 'idempotency-key': 'einwilligung-doppelt-1' },
        payload: {
          marke: 'hfk',
          name: 'Klaus Müller',
          versicherungsNummer: 'HFK-20000101',
          geburtsdatum: '1968-07-22',
          art: 'PERSONENSCHAEDEN',
          einwilligung: true,
        },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = (await server.db.database.db.select().from(healthConsents)).filter(
      (row) => row.versicherungsNummer === 'HFK-20000101',
    );
    expect(rows).toHaveLength(1);
  });
});

describe('downloads', () => {
  it('lists every static document with an address that serves its PDF', async () => {
    const list = (await server.app.inject({ method: 'GET', url: '/api/dokumente' })).json<
      { titel: string; art: string; pfad: string }[]
    >();
    expect(list.map((d) => d.titel)).toContain(
      'Einwilligung in die Verarbeitung von Gesundheitsdaten in der Reiseversicherung',
    );
    expect(list.filter((d) => d.art === 'kundeninformation').length).toBeGreaterThanOrEqual(10);
    for (const document of list.slice(0, 3)) {
      const pdf = await server.app.inject({ method: 'GET', url: document.pfad });
      expect(pdf.statusCode, document.pfad).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
  });
});
