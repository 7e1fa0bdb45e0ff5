// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Wizard } from '../../renderer/index.ts';
import type { WizardDefinition } from '../../engine/index.ts';
import type { ValidateFunction } from 'ajv';
import { claimEntrySetup, fakeServices, loadGeneratedFlow, setupTexts } from './support.tsx';

let definition: WizardDefinition;
let validators: Record<string, ValidateFunction>;
const LIMITS = { maxSizeBytes: 1000, maxCount: 1 };

beforeAll(async () => {
  await setupTexts('claim-entry');
  ({ definition, validators } = await loadGeneratedFlow('claim-entry'));
});
afterEach(cleanup);

function renderWizard(
  brand: string,
  segment: string | undefined,
  services = fakeServices().services,
  titleSuffix?: string,
) {
  const setup = claimEntrySetup(definition, brand);
  const view = render(
    <Wizard
      setup={setup}
      validators={validators}
      services={services}
      segment={segment}
      fileLimits={LIMITS}
      {...(titleSuffix ? { titleSuffix } : {})}
    />,
  );
  return { ...view, services, setup };
}

describe('Wizard', () => {
  it('renders the first visible step with its heading focused and the German title', async () => {
    renderWizard('hfk', undefined);
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Für welche Versicherung möchten Sie einen Schaden melden?',
    });
    expect(heading).toHaveFocus();
    expect(document.title).toBe(
      'Für welche Versicherung möchten Sie einen Schaden melden? – Schadenmeldung',
    );
  });

  it('titles a step with the step, the flow and the brand the app names', async () => {
    renderWizard('hfk', undefined, fakeServices().services, 'HFK');
    await screen.findByRole('heading', { level: 1, name: /^Für welche Versicherung/ });
    expect(document.title).toBe(
      'Für welche Versicherung möchten Sie einen Schaden melden? – Schadenmeldung – HFK',
    );
  });

  it("offers only the brand's products, and KFZ only with the flag", async () => {
    renderWizard('hfk', 'produkt-auswahl');
    const group = await screen.findByRole('group', { name: 'Versicherung' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual([
      'Privathaftpflichtversicherung',
      'Hausratversicherung',
      'Tierhalterhaftpflichtversicherung',
      'Fahrradversicherung',
      'Reiseversicherung',
      'Betriebshaftpflichtversicherung',
      'Inhaltsversicherung für Betriebe',
      'Inhaltsversicherung (Allgefahren oder Mehrgefahren)',
    ]);
  });

  it('offers KFZ when the flag arrives while the step is shown, and keeps the answer', async () => {
    const setup = claimEntrySetup(definition, 'hfk');
    const { services } = fakeServices();
    const show = (on: boolean) => (
      <Wizard
        setup={setup}
        validators={validators}
        services={services}
        segment="produkt-auswahl"
        fileLimits={LIMITS}
        liveContext={{ flags: { 'enable-vehicle-insurance-claim-report': on } }}
      />
    );
    const view = render(show(false));
    const radio = await screen.findByRole('radio', { name: 'Hausratversicherung' });
    await userEvent.click(radio);
    expect(screen.queryByRole('radio', { name: 'Kfz-Versicherung' })).toBeNull();
    view.rerender(show(true));
    expect(await screen.findByRole('radio', { name: 'Kfz-Versicherung' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Hausratversicherung' })).toBeChecked();
    view.rerender(show(false));
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: 'Kfz-Versicherung' })).toBeNull(),
    );
    expect(screen.getByRole('radio', { name: 'Hausratversicherung' })).toBeChecked();
  });

  it('checks the radio the user picks and keeps it in the state', async () => {
    const { services, storage } = fakeServices();
    renderWizard('hfk', 'produkt-auswahl', services);
    const radio = await screen.findByRole('radio', { name: 'Hausratversicherung' });
    await userEvent.click(radio);
    expect(radio).toBeChecked();
    await waitFor(() =>
      expect(storage.get('wizard:claim-entry:v1')).toContain('"productType":"HAUSRAT"'),
    );
  });

  it('shows a field error only after the field was left once', async () => {
    renderWizard('andsafe', 'vertrags-und-kontaktdaten');
    const input = await screen.findByLabelText('Vertragsnummer');
    await userEvent.type(input, 'x');
    await userEvent.clear(input);
    expect(screen.queryByText('Bitte geben Sie Ihre Vertragsnummer ein.')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('Bitte geben Sie Ihre Vertragsnummer ein.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('after a failed Weiter shows a focused error summary above the heading, with "Fehler: " in the title', async () => {
    renderWizard('andsafe', 'vertrags-und-kontaktdaten');
    await userEvent.type(await screen.findByLabelText('Nachname'), 'Müller');
    await userEvent.click(screen.getByRole('button', { name: 'Vertrag prüfen' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(document.title.startsWith('Fehler: Vertrags- und Kontaktdaten')).toBe(true);
    expect(screen.getByLabelText('Nachname')).toHaveValue('Müller');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(
      summary.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const links = within(summary)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual([
      'Bitte geben Sie Ihre Vertragsnummer ein.',
      'Bitte geben Sie Ihr Geburtsdatum ein.',
    ]);
  });

  it('an error summary link moves focus to its field, whose inline text is the same', async () => {
    renderWizard('andsafe', 'vertrags-und-kontaktdaten');
    await userEvent.click(await screen.findByRole('button', { name: 'Vertrag prüfen' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    await userEvent.click(
      within(summary).getByRole('link', { name: 'Bitte geben Sie Ihren Nachnamen ein.' }),
    );
    expect(screen.getByLabelText('Nachname')).toHaveFocus();
    expect(document.getElementById('feld-customerLastname__error')).toHaveTextContent(
      'Bitte geben Sie Ihren Nachnamen ein.',
    );
  });

  it('marks the optional suffix only on optional fields', async () => {
    renderWizard('andsafe', 'vertrags-und-kontaktdaten');
    await screen.findByLabelText('Vertragsnummer');
    expect(screen.queryByText(/\(optional\)/)).toBeNull();
  });

  it('marks all three fields and shows the info box when the look-up fails', async () => {
    const { services } = fakeServices({ ok: false, status: 404, body: null });
    renderWizard('andsafe', 'vertrags-und-kontaktdaten', services);
    await userEvent.type(await screen.findByLabelText('Vertragsnummer'), 'AS-1');
    await userEvent.type(screen.getByLabelText('Nachname'), 'Schmidt');
    await userEvent.type(screen.getByLabelText('Geburtsdatum'), '01.02.1980');
    await userEvent.click(screen.getByRole('button', { name: 'Vertrag prüfen' }));
    expect(
      await screen.findByRole('heading', { name: 'Wir konnten Ihren Vertrag nicht finden' }),
    ).toBeVisible();
    for (const label of ['Vertragsnummer', 'Nachname', 'Geburtsdatum'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(services.report).toHaveBeenCalledWith({
      definition: 'claim-entry',
      endpoint: 'claim-lookup',
      status: 404,
    });
    expect(services.transport).toHaveBeenCalledTimes(1);
  });

  it('forwards to the claim app with the token after a successful look-up', async () => {
    const { services } = fakeServices({
      ok: true,
      status: 200,
      body: { versicherung: 'PHV', token: 'tok' },
    });
    renderWizard('andsafe', 'vertrags-und-kontaktdaten', services);
    await userEvent.type(await screen.findByLabelText('Vertragsnummer'), 'AS-1');
    await userEvent.type(screen.getByLabelText('Nachname'), 'Schmidt');
    await userEvent.type(screen.getByLabelText('Geburtsdatum'), '01.02.1980');
    await userEvent.click(screen.getByRole('button', { name: 'Vertrag prüfen' }));
    await waitFor(() =>
      expect(services.forward).toHaveBeenCalledWith(
        'http://localhost:4610/schaden-melden/phv/0?token=tok&brand=andsafe&schritte=2',
      ),
    );
  });

  it('opens the help dialog with the default headline Hinweis', async () => {
    renderWizard('andsafe', 'vertrags-und-kontaktdaten');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Hilfe zu Vertragsnummer öffnen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hinweis' });
    expect(dialog).toHaveTextContent(
      'Die Vertragsnummer finden Sie oben rechts auf Ihrem Versicherungsschein.',
    );
  });

  it('moves focus into the help dialog, closes it with Escape and returns focus to the button', async () => {
    renderWizard('andsafe', 'vertrags-und-kontaktdaten');
    const button = await screen.findByRole('button', { name: 'Hilfe zu Vertragsnummer öffnen' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Hinweis' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', dialog.id);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // A second press opens it again, and the close button closes it.
    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Hinweis' })).getByRole('button', {
        name: 'Schließen',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('restores the answers from storage after a reload', async () => {
    const { services } = fakeServices();
    const first = renderWizard('andsafe', 'vertrags-und-kontaktdaten', services);
    await userEvent.type(await screen.findByLabelText('Nachname'), 'Weber');
    first.unmount();
    renderWizard('andsafe', 'vertrags-und-kontaktdaten', services);
    expect(await screen.findByLabelText('Nachname')).toHaveValue('Weber');
  });
});
