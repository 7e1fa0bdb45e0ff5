import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';

const PAGE = 'definitions/contract-page.json';

/** The check's messages (pointer: message) of contract-page.json with these pending lists. */
function messages(change: (lists: JsonObject) => void): string[] {
  const file = realJson(PAGE);
  const lists = { ...(file['pendingLists'] as JsonObject) };
  change(lists);
  file['pendingLists'] = lists;
  return errorsOf(withFile(PAGE, pretty(file)))
    .filter((e) => e.file === PAGE)
    .map((e) => `${e.pointer}: ${e.message}`);
}

describe('the definitions check of the contract page', () => {
  it('accepts the real contract page', () => {
    expect(messages(() => undefined)).toEqual([]);
  });

  it('names a pending list it leaves out, one the view lacks, texts the portal lacks and a foreign field', () => {
    expect(
      messages((lists) => {
        delete lists['vorgemerkteElementar'];
        lists['vorgemerkteZahlweise'] = { show: 'label', labels: 'pending.values.zahlweisen' };
        lists['vorgemerkterFamilienstand'] = { show: 'option', options: 'familie.options' };
        lists['vorgemerkteRaeder'] = { show: 'amount' };
      }),
    ).toEqual([
      '/pendingLists: the contract view has pending lists this page does not show: vorgemerkteElementar',
      '/pendingLists/vorgemerkteZahlweise/labels: "pending.values.zahlweisen" is no group of texts in definitions/locales/de/portal.json',
      '/pendingLists/vorgemerkterFamilienstand/options: "familie.options" is no field of the contract view (definitions/schema/contract-view.schema.json)',
      '/pendingLists/vorgemerkteRaeder: "vorgemerkteRaeder" is no pending list of the contract view (aenderungshistorie.items.liste of definitions/schema/contract-view.schema.json)',
    ]);
  });
});
