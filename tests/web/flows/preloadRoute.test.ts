import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { flows } from '../../../generated/definitions/index.ts';
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

  it('passes over no flow that React Router would match (every route, with a step, in capitals)', () => {
    const unpruned = (pathname: string) =>
      flows
        .filter(
          (flow) =>
            matchPath(
              { path: `${flow.baseRoute.replace(/\{(\w+)\}/g, ':$1')}/:segment?`, end: true },
              pathname,
            ) !== null,
        )
        .map((flow) => `${flow.id}/${flow.variant ?? ''}`);
    for (const flow of flows) {
      const base = flow.baseRoute.replace(/\{(\w+)\}/g, 'x1');
      for (const path of [base, `${base}/schritt`, base.toUpperCase()]) {
        expect(ids(path)).toEqual(unpruned(path));
        expect(ids(path)).toContain(`${flow.id}/${flow.variant ?? ''}`);
      }
    }
  });
});
