import { describe, expect, it } from 'vitest';
import { locatedErrors, realJson } from './fixtures.ts';

const CHANGE = 'definitions/changes/familienstand.json';
const OTHER = 'definitions/changes/zahlweise.json';

const located = locatedErrors;

describe('the definitions check of contract changes (definitions/changes/)', () => {
  it('passes the real changes', () => {
    expect(located({ [CHANGE]: realJson(CHANGE) })).toEqual([]);
  });

  it('refuses effect paths and reads outside the contract view, foreign roots and a taken art', () => {
    const change = realJson(CHANGE);
    change['art'] = 'ZAHLWEISE';
    change['current'] = { var: 'answers.familie.familienstand' };
    change['effect'] = [
      { op: 'set', path: 'phv.familienstatus', value: { var: 'change.value' } },
      { op: 'remove', path: 'phv.familienstand.options', where: { var: 'contract.phv.zustand' } },
    ];
    expect(located({ [CHANGE]: change, [OTHER]: realJson(OTHER) })).toEqual([
      `${CHANGE} /current: reads "answers.familie.familienstand", but a rule here may read only contract, change`,
      `${CHANGE} /effect/0/path: the contract view (definitions/schema/contract-view.schema.json) has no "familienstatus" in "phv.familienstatus"`,
      `${CHANGE} /effect/1/where: reads "contract.phv.zustand", but the contract view has no "zustand" there`,
      `${OTHER} /art: change "familienstand" has the same art already`,
    ]);
  });

  it('refuses a pending list the contract view does not have, naming the lists it has', () => {
    const change = realJson(CHANGE);
    change['pendingList'] = 'vorgemerkteGeraete';
    const [error, ...more] = located({ [CHANGE]: change });
    expect(more).toEqual([]);
    expect(error).toContain(
      `${CHANGE} /pendingList: "vorgemerkteGeraete" is not a pending list of the contract view`,
    );
    expect(error).toContain('vorgemerkterFamilienstand');
  });

  it('takes a change of a new kind (an art no spec change has) in an existing pending list', () => {
    const change = realJson(CHANGE);
    change['id'] = 'geraete-sb';
    change['art'] = 'GERAETE_SELBSTBETEILIGUNG';
    change['field'] = 'geraeteSelbstbeteiligung';
    change['beitragPath'] = 'geraete-sb';
    change['pendingList'] = 'vorgemerkteSelbstBeteiligung';
    expect(located({ 'definitions/changes/geraete-sb.json': change })).toEqual([]);
  });
});
