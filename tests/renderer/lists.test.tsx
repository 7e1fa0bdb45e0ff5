// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupInlineTexts } from './inline.tsx';
import { renderTravel, travelFlowTexts } from './formFeatures.tsx';

beforeAll(async () => {
  await setupInlineTexts(travelFlowTexts);
});
afterEach(cleanup);

const family = { reise: { beginn: '2027-03-01', ende: '2027-03-10', gruppe: 'FAMILIE' } };
const erika = { vorname: 'Erika', geburtsdatum: '1985-03-07' };
const max = { vorname: 'Max', geburtsdatum: '1984-01-02' };

/** The group of a list item by its heading. */
const item = (name: string): HTMLElement => screen.getByRole('group', { name });

describe('a list of items', () => {
  it('shows each item as a group under its German heading, with German buttons only', async () => {
    renderTravel('reisende', { ...family, reisende: { personen: [erika, max] } });
    const list = await screen.findByRole('group', { name: 'Versicherte Personen' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Person 1', 'Person 2']);
    expect(within(item('Person 2')).getByLabelText('Vorname')).toHaveValue('Max');
    expect(within(item('Person 2')).getByRole('radio', { name: 'Frau' })).toBeVisible();
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Person 1 entfernen', 'Person 2 entfernen', 'Person hinzufügen']);
    expect(document.body.textContent).not.toMatch(/\b(Add|Remove|Move|Copy|Submit)\b/);
  });

  it('shows the minimum of items from the start, without a remove button', async () => {
    renderTravel('reisende', family);
    const list = await screen.findByRole('group', { name: 'Versicherte Personen' });
    expect(within(list).getByRole('heading', { name: 'Person 1' })).toBeVisible();
    expect(within(list).queryByRole('button', { name: /entfernen/ })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Person hinzufügen' })).toBeVisible();
  });

  it('stores what is typed into an item, and adding moves focus to the new item', async () => {
    const { storage } = renderTravel('reisende', family);
    await userEvent.type(await screen.findByLabelText('Vorname'), 'Erika');
    await userEvent.click(screen.getByRole('button', { name: 'Person hinzufügen' }));
    const second = await screen.findByRole('group', { name: 'Person 2' });
    await waitFor(() => expect(within(second).getByLabelText('Vorname')).toHaveFocus());
    await userEvent.keyboard('Max');
    await waitFor(() =>
      expect(storage.get('wizard:inline-test:v3')).toContain(
        '"personen":[{"vorname":"Erika"},{"vorname":"Max"}]',
      ),
    );
  });

  it('removing an item moves focus to the previous heading and announces it', async () => {
    const { storage } = renderTravel('reisende', {
      ...family,
      reisende: { personen: [erika, max, { vorname: 'Mia' }] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Person 2 entfernen' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Person 1' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Person 2 wurde entfernt.');
    expect(within(item('Person 2')).getByLabelText('Vorname')).toHaveValue('Mia');
    await waitFor(() =>
      expect(storage.get('wizard:inline-test:v3')).toContain(
        '"personen":[{"vorname":"Erika","geburtsdatum":"1985-03-07"},{"vorname":"Mia"}]',
      ),
    );
  });

  it('reaches every button with the keyboard alone', async () => {
    renderTravel('reisende', { ...family, reisende: { personen: [erika, max] } });
    await screen.findByRole('group', { name: 'Versicherte Personen' });
    const stops: string[] = [];
    for (let i = 0; i < 12; i++) {
      await userEvent.tab();
      const active = document.activeElement as HTMLElement;
      if (active.tagName === 'BUTTON') stops.push(active.textContent ?? '');
    }
    expect(stops).toEqual(
      expect.arrayContaining(['Person 1 entfernen', 'Person 2 entfernen', 'Person hinzufügen']),
    );
  });

  it('hides "hinzufügen" at the maximum the travel group allows, and "entfernen" at the minimum', async () => {
    renderTravel('reisende', {
      reise: { ...family.reise, gruppe: 'PAAR' },
      reisende: { personen: [erika, max] },
    });
    const list = await screen.findByRole('group', { name: 'Versicherte Personen' });
    expect(within(list).queryAllByRole('button')).toEqual([]);
  });

  it('keeps focus on a new item after a failed Weiter was put right: only Weiter moves it to the summary', async () => {
    renderTravel('reisende', { ...family, reisende: { personen: [erika, { vorname: 'Max' }] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    await waitFor(() => expect(summary).toHaveFocus());
    await userEvent.type(within(item('Person 2')).getByLabelText(/^Geburtsdatum/), '02.01.1984');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Person hinzufügen' }));
    // The new item's errors show at once (after a failed Weiter), but focus stays with the user.
    const third = await screen.findByRole('group', { name: 'Person 3' });
    await waitFor(() => expect(within(third).getByLabelText(/^Vorname/)).toHaveFocus());
  });

  it('names the item in the error, the same inline and in the summary, and the link focuses it', async () => {
    renderTravel('reisende', { ...family, reisende: { personen: [erika, { vorname: 'Max' }] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    const link = within(summary).getByRole('link');
    expect(link).toHaveTextContent('Person 2: Bitte geben Sie ein Geburtsdatum an.');
    const input = within(item('Person 2')).getByLabelText(/^Geburtsdatum/);
    expect(document.getElementById(`${input.id}__error`)).toHaveTextContent(
      'Fehler: Person 2: Bitte geben Sie ein Geburtsdatum an.',
    );
    await userEvent.click(link);
    expect(input).toHaveFocus();
  });

  it('shows the count error of the list with the limit, linked to the list', async () => {
    renderTravel('reisende', {
      reise: { ...family.reise, gruppe: 'EINZEL' },
      reisende: { personen: [erika, max] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    const text = 'Für diese Reisegruppe können Sie höchstens 1 Personen versichern.';
    expect(within(summary).getByRole('link')).toHaveTextContent(text);
    const list = screen.getByRole('group', { name: 'Versicherte Personen' });
    expect(list).toHaveAccessibleDescription(expect.stringContaining(text));
    await userEvent.click(within(summary).getByRole('link'));
    expect(within(item('Person 1')).getByLabelText('Vorname')).toHaveFocus();
  });

  it('shows an item field error after its input was left, not for an untouched new item', async () => {
    renderTravel('reisende', { ...family, reisende: { personen: [erika] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Person hinzufügen' }));
    const second = await screen.findByRole('group', { name: 'Person 2' });
    await waitFor(() => expect(within(second).getByLabelText('Vorname')).toHaveFocus());
    expect(screen.queryByText(/Person 2: Bitte/)).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('Person 2: Bitte geben Sie einen Vornamen an.')).toBeVisible();
    expect(screen.queryByText(/Geburtsdatum an\./)).toBeNull();
  });

  it('shows each item under its heading in the summary', async () => {
    renderTravel('pruefen', {
      ...family,
      reisende: { personen: [erika, { vorname: 'Max', anrede: 'HERR' }] },
    });
    const list = (await screen.findByText('Versicherte Personen')).closest('div') as HTMLElement;
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Person 1', 'Person 2']);
    const terms = within(list)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Versicherte Personen', 'Vorname', 'Geburtsdatum', 'Vorname', 'Anrede']);
    expect(within(list).getByText('07.03.1985')).toBeVisible();
    expect(within(list).getByText('Herr')).toBeVisible();
  });
});
