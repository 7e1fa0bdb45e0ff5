// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  canMatch,
  pathSegments,
  RouteTable,
  staticSegments,
} from '../../../apps/web/src/layout/RouteTable.tsx';

afterEach(cleanup);

describe('staticSegments and canMatch', () => {
  it('takes the segments before the first parameter, optional segment or splat', () => {
    expect(staticSegments('/kunden/vertraege/:nr')).toEqual(['kunden', 'vertraege']);
    expect(staticSegments('/Antrag/Fahrrad/:segment?')).toEqual(['antrag', 'fahrrad']);
    expect(staticSegments('/docs/intro?/x')).toEqual(['docs']);
    expect(staticSegments('/dateien/*')).toEqual(['dateien']);
    expect(staticSegments('*')).toEqual([]);
    expect(staticSegments('/')).toEqual([]);
  });

  it('leaves out only routes whose static segments the path does not start with', () => {
    const at = (pathname: string) => pathSegments(pathname);
    expect(canMatch('/kunden/vertraege/:nr', at('/kunden/vertraege/AS-1'))).toBe(true);
    expect(canMatch('/kunden/vertraege/:nr', at('/KUNDEN/Vertraege/AS-1'))).toBe(true);
    expect(canMatch('/antrag/fahrrad/:segment?', at('/antrag/fahrr%61d'))).toBe(true);
    expect(canMatch('/kunden/vertraege', at('/kunden'))).toBe(false);
    expect(canMatch('/kunden/vertraege', at('/kunden/vertraegex'))).toBe(false);
    expect(canMatch('/antrag/fahrrad/:segment?', at('/antrag/hausrat'))).toBe(false);
    expect(canMatch(undefined, at('/irgendwo'))).toBe(true);
    expect(canMatch('*', at('/irgendwo'))).toBe(true);
    // A malformed escape is compared as it is, not thrown.
    expect(canMatch('/a/:x', at('/a/%E0%A4%A'))).toBe(true);
  });
});

const table = (
  <>
    <Route path="/" element={<p>start</p>} />
    <Route path="/kunden" element={<p>portal</p>} />
    <Route path="/kunden/vertraege/:nr" element={<p>vertrag</p>} />
    <>
      <Route path="/kunden/login" element={<p>login</p>} />
    </>
    {['fahrrad', 'hausrat'].map((flow) => (
      <Route key={flow} path={`/antrag/${flow}/:segment?`} element={<p>{flow}</p>} />
    ))}
    <Route path="/schaden-melden/:produkt/:n/:segment?" element={<p>meldung</p>} />
    <Route path="/schaden-melden/:segment?" element={<p>einstieg</p>} />
    <Route path="/docs/intro?/seite" element={<p>docs</p>} />
    <Route path="/dateien/*" element={<p>dateien</p>} />
    <Route path="*" element={<p>nicht gefunden</p>} />
  </>
);

const PATHS = [
  '/',
  '/kunden',
  '/kunden/',
  '/Kunden/Vertraege/AS-1',
  '/kunden/vertraege',
  '/kunden/login',
  '/antrag/fahrrad',
  '/antrag/fahrrad/person',
  '/antrag/fahrr%61d',
  '/antrag/hausrat/x',
  '/antrag/reise',
  '/schaden-melden',
  '/schaden-melden/produkt',
  '/schaden-melden/fahrrad/0',
  '/schaden-melden/fahrrad/0/hergang',
  '/docs/seite',
  '/docs/intro/seite',
  '/dateien/a/b',
  '/irgendwo/anders',
];

describe('RouteTable', () => {
  it.each(PATHS)('shows the same route as Routes with every route at %s', (path) => {
    const full = render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>{table}</Routes>
      </MemoryRouter>,
    );
    const expected = full.container.textContent;
    cleanup();
    render(
      <MemoryRouter initialEntries={[path]}>
        <RouteTable>{table}</RouteTable>
      </MemoryRouter>,
    );
    expect(expected).not.toBe('');
    expect(screen.getByText(expected ?? '')).toBeInTheDocument();
  });
});
