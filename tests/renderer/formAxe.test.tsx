// @vitest-environment jsdom
// axe over the rendered list, read-only and constraint steps in jsdom.
import { axe } from './axe.ts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupInlineTexts } from './inline.tsx';
import { renderTravel, travelFlowTexts } from './formFeatures.tsx';

const violations = () => axe();

beforeAll(async () => {
  await setupInlineTexts(travelFlowTexts);
  document.documentElement.lang = 'de';
  document.title = 'Test';
});
afterEach(cleanup);

// Answers that leave errors on each step: an end before the start and no number of children,
// a traveller without birth date, and (no first traveller's name) no policyholder.
const answers = {
  reise: { beginn: '2027-03-01', ende: '2027-02-10', gruppe: 'FAMILIE' },
  reisende: { personen: [{ geburtsdatum: '1985-03-07' }, { vorname: 'Max' }] },
};

describe('axe on the new parts of a step', () => {
  for (const step of ['reise', 'reisende', 'nehmer']) {
    it(`finds nothing on "${step}", first shown and after a failed Weiter`, async () => {
      renderTravel(step, answers);
      await screen.findByRole('heading', { level: 1 });
      expect(await violations()).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
      await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
      expect(await violations()).toEqual([]);
    });
  }
});

describe('descriptions and progress of a step', () => {
  it('points every aria-describedby at an element of the page and shows the step count', async () => {
    renderTravel('reisende', answers);
    await screen.findByRole('heading', { level: 1 });
    const described = [...document.querySelectorAll('[aria-describedby]')];
    expect(described.length).toBeGreaterThan(0);
    for (const element of described)
      for (const id of (element.getAttribute('aria-describedby') ?? '').split(/\s+/))
        expect(document.getElementById(id), `${element.id} -> ${id}`).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'Fortschritt' })).toHaveTextContent(
      /Schritt \d+ von \d+/,
    );
  });
});
