import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import { adviceAnswers, startApplicationServer, without } from './helpers/applications.ts';

// A copy of the definitions with broken templates: the bike flow without its offer section, its
// bundle without a recommendation text, a static document without sections.
const root = mkdtempSync(join(tmpdir(), 'definitions-'));
for (const folder of [
  'generated/definitions',
  'definitions/locales',
  'definitions/brands',
  'definitions/documents',
  'definitions/claim-products.json',
  'definitions/tariffs',
  'definitions/schema',
])
  cpSync(folder, join(root, folder), { recursive: true });
const edit = (path: string, change: (value: Record<string, unknown>) => void) => {
  const value = JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(join(root, path), JSON.stringify(value));
};
edit('generated/definitions/fahrrad.json', (definition) => {
  delete (definition['documents'] as Record<string, unknown>)['offer'];
});
edit('definitions/locales/de/fahrrad.json', (bundle) => {
  delete (bundle['Recommendation'] as Record<string, unknown>)['repair'];
});
edit('definitions/documents/nebenabrede-mischbetrieb.json', (document) => {
  document['sections'] = [];
});

let server: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  server = await startApplicationServer(lines, { definitionsRoot: root });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const body = { variante: 'advice', antworten: without(adviceAnswers, 'einwilligungen') };
const post = (kind: string) =>
  server.app.inject({ method: 'POST', url: `/api/antrag/fahrrad/${kind}`, payload: body });

describe('a broken or missing document template', () => {
  it('answers 404 with what the definition lacks when a flow declares no such document', async () => {
    const response = await post('angebot');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not-found',
      message: 'Für diesen Antrag gibt es kein Angebot als PDF.',
      detail: 'flow "fahrrad" declares no documents.offer',
    });
  });

  it('answers 500 naming the missing text, with a German message, never an empty PDF', async () => {
    const response = await post('beratungsdokumentation');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: 'vorlage-fehlerhaft',
      message:
        'Das Dokument kann gerade nicht erstellt werden. Bitte versuchen Sie es später erneut.',
      detail: 'the text "Recommendation.repair" is missing in definitions/locales/de/fahrrad.json',
    });
  });

  it('answers 500 for a static document without sections and serves the others', async () => {
    const broken = await server.app.inject({
      method: 'GET',
      url: '/api/dokumente/nebenabrede-mischbetrieb',
    });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({
      error: 'vorlage-fehlerhaft',
      detail: 'definitions/documents/nebenabrede-mischbetrieb.json has no sections',
    });
    const other = await server.app.inject({
      method: 'GET',
      url: '/api/dokumente/vermittlerinformation',
    });
    expect(other.statusCode).toBe(200);
  });
});
