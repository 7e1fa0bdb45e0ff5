import { describe, expect, it } from 'vitest';
import { locatedErrors, realJson } from './fixtures.ts';

const FRAME = 'definitions/contract-data/rahmennummer.json';
const COPY = 'definitions/contract-data/seriennummer.json';

const located = locatedErrors;

describe('the definitions check of contract data changes (definitions/contract-data/)', () => {
  it('passes the real ones', () => {
    expect(located({ [FRAME]: realJson(FRAME) })).toEqual([]);
  });

  it('refuses reads and writes outside the contract view, an unknown register and a taken path', () => {
    const frame = realJson(FRAME);
    frame['current'] = { var: 'answers.fahrrad.rahmennummer' };
    frame['appliesWhen'] = [{ rule: { var: 'contract.fahrrad.rahmen' }, reason: 'Kein Rahmen.' }];
    frame['effect'] = [{ op: 'set', path: 'fahrrad.rahmenNr', value: { var: 'change.value' } }];
    frame['registers'] = [{ register: 'gestohlene-raeder', fails: 'listed', reason: 'Gestohlen.' }];
    const copy = { ...realJson(FRAME), id: 'seriennummer' };
    const own = { ...realJson(FRAME), id: 'bank', path: 'bankverbindung/iban' };
    expect(
      located({ [FRAME]: frame, [COPY]: copy, 'definitions/contract-data/bank.json': own }),
    ).toEqual([
      `definitions/contract-data/bank.json /path: "bankverbindung/iban" is a route of the contract API already`,
      `${FRAME} /appliesWhen/0/rule: reads "contract.fahrrad.rahmen", but the contract view has no "rahmen" there`,
      `${FRAME} /registers/0/register: there is no register definitions/registers/gestohlene-raeder.json (gestohlene-rahmennummern)`,
      `${FRAME} /current: reads "answers.fahrrad.rahmennummer", but a rule here may read only contract, change`,
      `${FRAME} /effect/0/path: the contract view (definitions/schema/contract-view.schema.json) has no "rahmenNr" in "fahrrad.rahmenNr"`,
      `${COPY} /path: contract data change "rahmennummer" has the path "fahrrad/rahmennummer" already`,
    ]);
  });

  it('refuses normalising a value that is not text, and an id other than the file name', () => {
    const frame = realJson(FRAME);
    frame['id'] = 'rahmen';
    expect(located({ [FRAME]: frame })).toEqual([
      `${FRAME} /id: id must equal the file name "rahmennummer"`,
    ]);
    const numeric = realJson(FRAME);
    numeric['value'] = { type: 'integer' };
    expect(located({ [FRAME]: numeric })).toEqual([
      `${FRAME} /normalize: "trim-uppercase" normalises text: give value "type": "string"`,
    ]);
  });
});
