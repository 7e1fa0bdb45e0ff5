import { describe, expect, it } from 'vitest';
import { flowsOfPath } from '../../../apps/web/src/flows/preloadRoute.ts';

const ids = (path: string) => flowsOfPath(path).map((flow) => `${flow.id}/${flow.variant ?? ''}`);

describe('flowsOfPath (what main.tsx preloads for the first page)', () => {
  it('finds the flow of an application route, with or without a step', () => {
    expect(ids('/antrag/fahrrad')).toEqual(['fahrrad/customer']);
    expect(ids('/antrag/fahrrad/versicherungsbeginn')).toEqual(['fahrrad/customer']);
    expect(ids('/beratung/hausrat')).toEqual(['hausrat/advice']);
  });

  it('tells the claim entry from the claim report by the route parameters', () => {
    expect(ids('/schaden-melden')).toEqual(['claim-entry/']);
    expect(ids('/schaden-melden/fahrrad/0')).toEqual(['claim-report/']);
    expect(ids('/schaden-melden/fahrrad/0/schadenhergang')).toEqual(['claim-report/']);
  });

  it('finds self-service flows with their contract and nothing for other pages', () => {
    expect(ids('/kunden/zahlungsweise/AS-10000103')).toEqual(['zahlungsweise/']);
    expect(ids('/')).toEqual([]);
    expect(ids('/kunden/vertraege')).toEqual([]);
    expect(ids('/antrag/unbekannt')).toEqual([]);
  });
});
