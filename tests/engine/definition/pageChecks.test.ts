import { describe, expect, it } from 'vitest';
import { CLAIM_ENTRY, errorsWith, realJson, type JsonObject } from './fixtures.ts';

// The content blocks of a definition's pages (engine/definition/semantic.ts, walk.ts): their rules
// are checked like a step's, and blocks that only a step can serve are refused.
describe('the definitions check of page content', () => {
  it('refuses a download block on a page and a page rule reading an answer that does not exist', () => {
    const definition = realJson(CLAIM_ENTRY);
    ((definition['pages'] as JsonObject[])[0] as JsonObject)['content'] = [
      { type: 'text', textKey: 'title', visibleWhen: { var: 'data.gibtesnicht.feld' } },
      { type: 'download', labelKey: 'title', endpoint: 'contract-get', body: {} },
    ];
    const { errors } = errorsWith(CLAIM_ENTRY, definition);
    expect(errors.map((error) => `${error.pointer}: ${error.message}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/pages\/0\/content\/0\/visibleWhen: .*gibtesnicht/),
        '/pages/0/content/1/type: a download block belongs on a step: a page shows texts, hints, lists and info boxes',
      ]),
    );
  });
});
