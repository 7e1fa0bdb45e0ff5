// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WizardController } from '../../renderer/index.ts';
import { compileValidators, inlineServices, inlineSetup, setupInlineTexts } from './inline.tsx';
import { renderTravel, travelFlow, travelFlowTexts } from './formFeatures.tsx';

beforeAll(async () => {
  await setupInlineTexts(travelFlowTexts);
});
afterEach(cleanup);

const trip = { beginn: '2027-03-01', ende: '2027-03-10', gruppe: 'PAAR' };

describe('rules between fields', () => {
  it('shows the constraint message at the end date, inline and in the error summary', async () => {
    renderTravel('reise', { reise: { ...trip, ende: '2027-02-01' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    const message = 'Das Reiseende muss nach dem Reisebeginn liegen.';
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([message]);
    const ende = screen.getByLabelText('Reiseende');
    expect(document.getElementById(`${ende.id}__error`)).toHaveTextContent(message);
    await userEvent.click(within(summary).getByRole('link'));
    expect(ende).toHaveFocus();
  });

  it('lets a valid trip go on', async () => {
    const { services } = renderTravel('reise', { reise: trip });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(services.navigate.mock.lastCall?.[0]).toBe('reisende'));
  });
});

describe('a field required by a condition', () => {
  it('drops "(optional)" from its label while the condition holds, and requires it then', async () => {
    renderTravel('reise', { reise: trip });
    expect(await screen.findByLabelText('Anzahl der Kinder (optional)')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Wer reist?'), 'Die Familie');
    expect(await screen.findByLabelText('Anzahl der Kinder')).toBeVisible();
    expect(screen.queryByText(/\(optional\)/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Angaben' });
    expect(within(summary).getByRole('link')).toHaveTextContent(
      'Bitte geben Sie die Anzahl der Kinder an.',
    );
  });
});

describe('derived and read-only fields', () => {
  it('fills the policyholder from the first traveller and keeps what the user types', async () => {
    renderTravel('nehmer', {
      reise: trip,
      reisende: { personen: [{ vorname: 'Erika', geburtsdatum: '1985-03-07' }] },
    });
    const vorname = await screen.findByLabelText('Vorname');
    expect(vorname).toHaveValue('Erika');
    await userEvent.clear(vorname);
    await userEvent.type(vorname, 'Hans');
    expect(vorname).toHaveValue('Hans');
  });

  it('shows a read-only field as its label and its value as people read it, with no input', async () => {
    renderTravel('nehmer', { reise: trip, reisende: { personen: [{ vorname: 'Erika' }] } });
    const output = await screen.findByRole('status', { name: 'Zahlweise' });
    expect(output.tagName).toBe('OUTPUT');
    expect(output).toHaveTextContent('Einmalig');
    expect(screen.getByRole('status', { name: 'Anzahl der Reisenden' })).toHaveTextContent('1');
    expect(screen.queryByRole('combobox', { name: /Zahlweise/ })).toBeNull();
    expect(screen.queryByText(/Zahlweise \(optional\)/)).toBeNull();
  });

  it('wakes a derived field only when its own answer changes', () => {
    const { services } = inlineServices();
    const controller = new WizardController(
      inlineSetup(travelFlow),
      compileValidators(travelFlow),
      services,
    );
    const calls = { vorname: 0, zahlweise: 0, reisende: 0, beginn: 0 };
    for (const [step, field] of [
      ['nehmer', 'vorname'],
      ['nehmer', 'zahlweise'],
      ['nehmer', 'reisende'],
      ['reise', 'beginn'],
    ] as const)
      controller.subscribeField(step, field, () => (calls[field] += 1));
    act(() => controller.setField('reise', 'ende', '2027-03-10'));
    act(() => controller.setField('reisende', 'personen', [{ vorname: 'E' }]));
    act(() => controller.setField('reisende', 'personen', [{ vorname: 'Er' }]));
    act(() => controller.setField('reisende', 'personen', [{ vorname: 'Er', anrede: 'FRAU' }]));
    expect(calls).toEqual({ vorname: 2, zahlweise: 0, reisende: 1, beginn: 0 });
    expect(controller.fieldValue('nehmer', 'vorname')).toBe('Er');
  });
});
