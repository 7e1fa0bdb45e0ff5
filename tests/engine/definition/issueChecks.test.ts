import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';

const FAHRRAD = 'definitions/applications/fahrrad.json';
const WECHSEL = 'definitions/applications/betriebshaftpflicht-wechsel.json';

/** The errors (pointer: message) of the real files with one flow replaced, of that flow only. */
function messages(path: string, definition: JsonObject): string[] {
  return errorsOf(withFile(path, pretty(definition)))
    .filter((e) => e.file === path)
    .map((e) => `${e.pointer}: ${e.message}`);
}

const issueOf = (definition: JsonObject): JsonObject => definition['issue'] as JsonObject;
const contractOf = (definition: JsonObject): JsonObject =>
  issueOf(definition)['contract'] as JsonObject;

describe('the definitions check of a line’s issue declaration', () => {
  it('accepts the real declaration of the bike line', () => {
    expect(messages(FAHRRAD, realJson(FAHRRAD))).toEqual([]);
  });

  it('names a target the contract view lacks, one the back office fills, and a literal that does not fit', () => {
    const bike = realJson(FAHRRAD);
    const contract = contractOf(bike);
    contract['fahrrad.farbe'] = 'rot';
    contract['versicherungsNummer'] = 'FA-1';
    contract['produkt'] = 'FAHRRAD_3';
    contract['widerrufbar'] = 'ja';
    expect(messages(FAHRRAD, bike)).toEqual([
      '/issue/contract/produkt: "FAHRRAD_3" is no product a tariff declares (definitions/tariffs/*.json, products)',
      '/issue/contract/widerrufbar: "widerrufbar": "ja" is no boolean',
      '/issue/contract/fahrrad.farbe: the contract view (definitions/schema/contract-view.schema.json) has no "farbe" in "fahrrad.farbe"',
      '/issue/contract/versicherungsNummer: the back office fills "versicherungsNummer" itself when it issues the contract; leave it out',
    ]);
  });

  it('names an answer the flow lacks, a variable other than answers and submittedOn, and an answer of another type', () => {
    const bike = realJson(FAHRRAD);
    const contract = contractOf(bike);
    contract['fahrrad.hersteller'] = { var: 'answers.fahrrad.marke' };
    contract['fahrrad.typ'] = { var: 'answers.fahrrad.kaufpreis' };
    contract['zahlweise'] = { var: 'answers.deckung.schutzbrief' };
    issueOf(bike)['on'] = { addDays: [{ var: 'context.today' }, 14] };
    expect(messages(FAHRRAD, bike)).toEqual([
      '/issue/contract/zahlweise: "zahlweise": the answer is a boolean, the contract takes string',
      '/issue/contract/fahrrad.hersteller: reads "answers.fahrrad.marke", but the flow has no "marke" there',
      '/issue/contract/fahrrad.typ: "fahrrad.typ": the answer is a number, the contract takes string',
      '/issue/on: reads "context.today", but an issue rule reads only answers.<step>.<field> and submittedOn',
    ]);
  });

  it('wants every required field and every required part of a declared object', () => {
    const bike = realJson(FAHRRAD);
    const contract = contractOf(bike);
    delete contract['vertragsBeginn'];
    delete contract['fahrrad.rahmennummer'];
    expect(messages(FAHRRAD, bike)).toEqual([
      '/issue/contract: the contract view requires "vertragsBeginn": declare it in issue.contract',
      '/issue/contract: the contract view requires "fahrrad.rahmennummer": declare it in issue.contract',
    ]);
  });

  it('issues no application for an existing contract', () => {
    const change = realJson(WECHSEL);
    change['issue'] = issueOf(realJson(FAHRRAD));
    expect(messages(WECHSEL, change)).toContainEqual(
      '/issue: an application for an existing contract changes that contract; it is not issued as a new one',
    );
  });
});
