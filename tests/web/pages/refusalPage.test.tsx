// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationResultPage } from '../../../apps/web/src/pages/ApplicationResultPage.tsx';
import { setupPortalTexts } from '../portal/support.tsx';

beforeAll(setupPortalTexts);
afterEach(cleanup);

const REASON = 'Fahrräder mit einem Kaufpreis unter 200 € können wir leider nicht versichern.';

function openSorry(state: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/antrag/sorry', state }]}>
      <Routes>
        <Route path="/antrag/sorry" element={<ApplicationResultPage page="sorry" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the sorry page', () => {
  it('gives the reason the flow was told and a way back to the answer that caused it', () => {
    openSorry({ refusal: { reason: REASON, back: '/antrag/fahrrad/fahrrad' } });
    expect(screen.getByRole('heading', { level: 2, name: 'Der Grund' })).toBeVisible();
    expect(screen.getByText(REASON)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Angaben ändern' })).toHaveAttribute(
      'href',
      '/antrag/fahrrad/fahrrad',
    );
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('shows the reason without a way back when the flow named no step', () => {
    openSorry({ refusal: { reason: REASON, back: null } });
    expect(screen.getByText(REASON)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Angaben ändern' })).toBeNull();
  });

  it('never links to another site, whatever the history entry holds', () => {
    openSorry({ refusal: { reason: REASON, back: '//evil.example/antrag' } });
    expect(screen.queryByRole('link', { name: 'Angaben ändern' })).toBeNull();
  });

  it('opened without a refusal (a bookmark) says only the general text', () => {
    openSorry(null);
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Wir können Ihnen leider kein Angebot machen',
      }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
