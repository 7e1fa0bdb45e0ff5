import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';

const TARIFF = 'definitions/tariffs/phv.json';

/** The errors (file pointer: message) of the real files with the tariff replaced. */
function located(tariff: JsonObject): string[] {
  return errorsOf(withFile(TARIFF, pretty(tariff))).map(
    (e) => `${e.file} ${e.pointer}: ${e.message}`,
  );
}

const contractInputs = (tariff: JsonObject) =>
  (tariff['rating'] as JsonObject)['contractInputs'] as JsonObject;

describe('the definitions check of a rating over contracts (rating.contractInputs)', () => {
  it('passes the real tariff', () => {
    expect(located(realJson(TARIFF))).toEqual([]);
  });

  it('refuses a missing input, an input the rating does not have, and reads outside the contract view', () => {
    const tariff = realJson(TARIFF);
    const inputs = contractInputs(tariff);
    delete inputs['familienstand'];
    inputs['alter'] = 30;
    inputs['zahlweise'] = { var: 'contract.zahlart' };
    inputs['versicherungssumme'] = { var: 'answers.deckung.versicherungssumme' };
    expect(located(tariff)).toEqual([
      `${TARIFF} /rating/contractInputs: the rating needs the input "familienstand": give a rule over the contract view for it`,
      `${TARIFF} /rating/contractInputs/versicherungssumme: reads "answers.deckung.versicherungssumme", but a contract input may read only contract and today`,
      `${TARIFF} /rating/contractInputs/zahlweise: reads "contract.zahlart", but the contract view (definitions/schema/contract-view.schema.json) has no "zahlart" there`,
      `${TARIFF} /rating/contractInputs/alter: "alter" is no input of the rating (rating.inputs)`,
    ]);
  });

  it("reads the line's own parts as fields of its contracts' view", () => {
    const tariff = realJson(TARIFF);
    (tariff['parts'] as JsonObject)['haushalt'] = {
      type: 'object',
      properties: { kinder: { type: 'boolean' } },
      required: ['kinder'],
    };
    const inputs = contractInputs(tariff);
    inputs['deliktunfaehigeKinder'] = { '==': [{ var: 'contract.haushalt.kinder' }, true] };
    expect(located(tariff)).toEqual([]);
    inputs['deliktunfaehigeKinder'] = { '==': [{ var: 'contract.haushalt.enkel' }, true] };
    expect(located(tariff)).toEqual([
      `${TARIFF} /rating/contractInputs/deliktunfaehigeKinder: reads "contract.haushalt.enkel", but the contract view (definitions/schema/contract-view.schema.json) has no "enkel" there`,
    ]);
  });
});
