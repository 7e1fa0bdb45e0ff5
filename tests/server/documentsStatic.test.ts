import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogue from '../../definitions/api/endpoints.json' with { type: 'json' };
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import type { StaticDocument } from '../../generated/types/document.ts';
import type { WizardDefinition } from '../../engine/index.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';
import { pdfText, pdfTitle } from './helpers/pdfText.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const documents = readdirSync('definitions/documents')
  .filter((name) => name.endsWith('.json'))
  .map(
    (name) => JSON.parse(readFileSync(`definitions/documents/${name}`, 'utf8')) as StaticDocument,
  );
const urlOf = (document: StaticDocument) =>
  document.kind === 'kundeninformation'
    ? `/api/dokumente/kundeninformation/${document.code ?? ''}`
    : `/api/dokumente/${document.id}`;
const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('the static documents of spec section 7', () => {
  it('has the customer information of every print product code and the other documents', () => {
    expect(
      documents
        .filter((d) => d.kind === 'kundeninformation')
        .map((d) => d.code)
        .sort(),
    ).toEqual([
      'BHV',
      'BHV_WECHSELTARIF',
      'FAHRRAD',
      'HRV',
      'PHV',
      'REISE',
      'SI_ALLGEFAHREN',
      'SI_MEHRGEFAHREN',
      'THV',
      'VH',
    ]);
    expect(
      documents
        .filter((d) => d.kind === 'dokument')
        .map((d) => d.id)
        .sort(),
    ).toEqual([
      'einwilligung-personenschaeden',
      'einwilligung-reisegesundheit',
      'leistungsuebersicht-wechseltarif',
      'nebenabrede-mischbetrieb',
      'nutzungsbedingungen',
      'nutzungsbedingungen-vermittler',
      'vermittlerinformation',
    ]);
  });

  it.each(documents.map((d) => [urlOf(d), d] as const))(
    'serves %s as a PDF with its title, marked as demo text',
    async (url, document) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline; filename=/);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfTitle(response.rawPayload)).toBe(document.title);
      const text = await pdfText(response.rawPayload);
      expect(text).toContain(document.title);
      expect(text).toContain('Stand 01.01.2025');
      expect(text).toContain('Demotext');
      for (const section of document.sections) expect(text).toContain(section.heading);
    },
  );

  it('serves a document again from its cache, the same bytes', async () => {
    const first = await get('/api/dokumente/vermittlerinformation');
    const second = await get('/api/dokumente/vermittlerinformation');
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
  });

  it('answers 404 problem JSON for a document it does not have', async () => {
    for (const url of [
      '/api/dokumente/kundeninformation/KFZ',
      '/api/dokumente/unbekannt',
      // A customer information is served by its code only.
      '/api/dokumente/kundeninformation-fahrrad',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Dieses Dokument gibt es nicht.',
      });
    }
  });

  it('serves every document a flow links to', async () => {
    const endpoints = (catalogue as EndpointCatalogue).endpoints;
    const links = readdirSync('generated/definitions')
      .filter((name) => name.endsWith('.json'))
      .flatMap((name) => {
        const definition = JSON.parse(
          readFileSync(`generated/definitions/${name}`, 'utf8'),
        ) as WizardDefinition;
        return definition.steps.flatMap((step) =>
          (step.content ?? []).flatMap((block) => block.links ?? []),
        );
      });
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) {
      const path = endpoints[link.endpoint]?.path ?? '';
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => String(link.params?.[name]));
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
    }
  });
});
