// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { axe } from './axe.ts';
import {
  inlineDefinition,
  inlineServices,
  renderFlow,
  savedState,
  setupInlineTexts,
} from './inline.tsx';

const definition = inlineDefinition({
  steps: [
    {
      id: 'fahrrad',
      i18nPrefix: 'Bike',
      form: { schema: { type: 'object', properties: { kaufpreis: { type: 'number' } } } },
    },
  ],
  quote: {
    endpoint: 'price',
    showFrom: 'fahrrad',
    headlineKey: 'Quote.headline',
    body: { antworten: { var: 'answers' } },
    blocks: [
      { type: 'text', textKey: 'Quote.premium', values: { beitrag: { var: 'quote.beitrag' } } },
      {
        type: 'worksheet',
        value: { var: 'quote.rechenweg' },
        visibleWhen: { var: 'quote.rechenweg' },
      },
    ],
  },
});

const rechenweg = {
  tarif: { id: 'fahrrad', version: 2, gueltigAb: '2024-01-01', waehrung: 'EUR' },
  stichtag: '2026-11-24',
  eingaben: [
    { name: 'fahrradtyp', bezeichnung: 'Fahrradtyp', wert: 'RENNRAD' },
    { name: 'schutzbrief', bezeichnung: 'Schutzbrief', wert: false },
  ],
  pruefungen: [{ id: 'mindestsumme', grund: 'zu billig', erfuellt: true }],
  schritte: [
    {
      id: 'summe',
      bezeichnung: 'Versicherungssumme',
      operation: 'set',
      ziel: 'j',
      ausgefuehrt: true,
      wert: 1500,
      quelle: { art: 'regel' },
      ergebnis: 1500,
    },
    {
      id: 'typ',
      bezeichnung: 'mal Faktor des Fahrradtyps',
      operation: 'multiply',
      ziel: 'j',
      ausgefuehrt: true,
      wert: 1.2,
      quelle: {
        art: 'tabelle',
        tabelle: 'typfaktor',
        bezeichnung: 'Faktor nach Fahrradtyp',
        schluessel: ['RENNRAD'],
      },
      ergebnis: 1800,
    },
    {
      id: 'schutzbrief',
      bezeichnung: 'Schutzbrief',
      operation: 'add',
      ziel: 'j',
      ausgefuehrt: false,
    },
    {
      id: 'runden',
      bezeichnung: 'auf Cent gerundet',
      operation: 'round',
      ziel: 'j',
      ausgefuehrt: true,
      stellen: 2,
      ergebnis: 1800,
    },
  ],
};

beforeAll(async () => {
  await setupInlineTexts({
    Bike: { title: 'Ihr Fahrrad', kaufpreis: { label: 'Kaufpreis' } },
    Quote: { headline: 'Ihr Beitrag', premium: '{{beitrag}} € im Jahr' },
  });
});
afterEach(cleanup);

function open(body: Record<string, unknown>) {
  const { services, storage } = inlineServices({ ok: true, status: 200, body });
  storage.set(
    'wizard:inline-test:v3',
    savedState(definition, { fahrrad: { kaufpreis: 1500 } }, 'fahrrad'),
  );
  return renderFlow({ definition, services, segment: 'fahrrad' });
}

describe('the rating worksheet under the price', () => {
  it('shows an agent the worksheet, collapsed, with the tables and keys each step used', async () => {
    open({ beitrag: 1800, rechenweg });
    const box = await screen.findByRole('region');
    await within(box).findByText('1800 € im Jahr');
    const toggle = within(box).getByText('Rechenweg des Beitrags anzeigen');
    const details = toggle.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    fireEvent.click(toggle);
    const steps = within(box).getByRole('table', { name: 'Berechnung Schritt für Schritt' });
    const row = (name: string) =>
      within(steps).getByRole('rowheader', { name }).closest('tr')?.textContent;
    expect(row('mal Faktor des Fahrradtyps')).toBe(
      'mal Faktor des Fahrradtyps1,2 (Tabelle „Faktor nach Fahrradtyp“: RENNRAD)1.800',
    );
    expect(row('Schutzbrief')).toBe('Schutzbriefentfällt–');
    expect(row('auf Cent gerundet')).toContain('gerundet auf 2 Nachkommastellen');
    const inputs = within(box).getByRole('table', { name: 'Angaben, mit denen gerechnet wurde' });
    expect(inputs).toHaveTextContent('SchutzbriefNein');
    expect(box).toHaveTextContent(
      'Tarif fahrrad, Version 2, gültig ab 01.01.2024, Beträge in EUR; berechnet am 24.11.2026.',
    );
    expect(await axe(box)).toEqual([]);
  });

  it('counts the decimal places of a rounding in the singular for one', async () => {
    const schritte = rechenweg.schritte.map((step) =>
      step.id === 'runden' ? { ...step, bezeichnung: 'auf Zehntel gerundet', stellen: 1 } : step,
    );
    open({ beitrag: 1800, rechenweg: { ...rechenweg, schritte } });
    const box = await screen.findByRole('region');
    fireEvent.click(await within(box).findByText('Rechenweg des Beitrags anzeigen'));
    const steps = within(box).getByRole('table', { name: 'Berechnung Schritt für Schritt' });
    const row = within(steps)
      .getByRole('rowheader', { name: 'auf Zehntel gerundet' })
      .closest('tr');
    expect(row?.textContent).toContain('gerundet auf 1 Nachkommastelle');
    expect(row?.textContent).not.toContain('Nachkommastellen');
  });

  it('shows no worksheet when the price comes without one (customers)', async () => {
    open({ beitrag: 1800 });
    const box = await screen.findByRole('region');
    await within(box).findByText('1800 € im Jahr');
    expect(within(box).queryByText('Rechenweg des Beitrags anzeigen')).toBeNull();
  });
});
