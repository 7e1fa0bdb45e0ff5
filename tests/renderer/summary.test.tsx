// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { WizardController } from '../../renderer/index.ts';
import { Summary } from '../../renderer/Summary.tsx';
import {
  compileValidators,
  inlineDefinition,
  inlineServices,
  inlineSetup,
  renderFlow,
  savedState,
  setupInlineTexts,
} from './inline.tsx';

const definition = inlineDefinition({
  steps: [
    {
      id: 'person',
      i18nPrefix: 'Person',
      form: {
        schema: {
          type: 'object',
          properties: {
            anrede: { type: 'string', enum: ['HERR', 'FRAU'] },
            vorname: { type: 'string' },
            geburtsdatum: { type: 'string', format: 'date' },
            telefon: { type: 'string' },
            notiz: { type: 'string' },
          },
        },
        uiSchema: {
          'ui:order': ['vorname', 'anrede', '*'],
          anrede: { 'ui:widget': 'radio' },
          geburtsdatum: { 'ui:widget': 'date' },
          telefon: { 'ui:widget': 'phone' },
          notiz: { 'ui:widget': 'hidden' },
        },
      },
    },
    {
      id: 'fahrrad',
      i18nPrefix: 'Bike',
      form: {
        schema: {
          type: 'object',
          properties: {
            kaufpreis: { type: 'number' },
            baujahr: { type: 'integer' },
            ebike: { type: 'boolean' },
            neu: { type: 'boolean' },
            extras: { type: 'array', items: { type: 'string', enum: ['KORB', 'LICHT'] } },
            ort: {
              type: 'object',
              properties: { plz: { type: 'string' }, stadt: { type: 'string' } },
            },
          },
        },
        uiSchema: {
          kaufpreis: { 'ui:widget': 'number' },
          extras: { 'ui:widget': 'checkboxes' },
        },
      },
    },
    {
      id: 'bank',
      i18nPrefix: 'Bank',
      form: {
        schema: { type: 'object', properties: { iban: { type: 'string' } } },
        uiSchema: { iban: { 'ui:widget': 'iban' } },
      },
    },
    { id: 'leer', i18nPrefix: 'Empty', content: [{ type: 'text', textKey: 'Empty.text' }] },
    {
      id: 'pruefen',
      i18nPrefix: 'Check',
      content: [{ type: 'text', textKey: 'Check.intro' }, { type: 'summary' }],
    },
  ],
});

const answers = {
  person: {
    vorname: 'Erika',
    anrede: 'FRAU',
    geburtsdatum: '1985-03-07',
    telefon: '+4915123456789',
    notiz: 'intern',
  },
  fahrrad: {
    kaufpreis: 1234.5,
    baujahr: 2019,
    ebike: true,
    neu: false,
    extras: ['KORB', 'LICHT'],
    ort: { plz: '10115', stadt: 'Berlin' },
  },
  bank: { iban: 'DE89370400440532013000' },
};

beforeAll(async () => {
  await setupInlineTexts({
    Person: {
      title: 'Ihre Person',
      anrede: { label: 'Anrede', options: { HERR: 'Herr', FRAU: 'Frau' } },
      vorname: { label: 'Vorname' },
      geburtsdatum: { label: 'Geburtsdatum' },
      telefon: { label: 'Telefon' },
      notiz: { label: 'Notiz' },
    },
    Bike: {
      title: 'Ihr Fahrrad',
      kaufpreis: { label: 'Kaufpreis in Euro' },
      baujahr: { label: 'Baujahr' },
      ebike: { label: 'E-Bike' },
      neu: { label: 'Neu gekauft' },
      extras: { label: 'Zubehör', options: { KORB: 'Korb', LICHT: 'Licht' } },
      ort: { label: 'Standort', plz: { label: 'PLZ' }, stadt: { label: 'Stadt' } },
    },
    Bank: { title: 'Bankverbindung', iban: { label: 'IBAN' } },
    Empty: { title: 'Hinweise', text: 'Nur Text' },
    Check: { title: 'Angaben prüfen', intro: 'Bitte prüfen Sie Ihre Angaben.' },
  });
});
afterEach(cleanup);

const i18nT = (key: string, values?: Record<string, unknown>) =>
  i18next.t(key, { ns: 'inline-test', ...values });
const i18nExists = (key: string) => i18next.exists(key, { ns: 'inline-test' });

function renderSummaryStep() {
  const { services, storage } = inlineServices();
  storage.set('wizard:inline-test:v3', savedState(definition, answers, 'pruefen'));
  const view = renderFlow({ definition, services, segment: 'pruefen' });
  return { ...view, services };
}

/** The rows of the description list under a section heading: [label, answer]. */
function rowsOf(title: string): [string, string][] {
  const heading = screen.getByRole('heading', { level: 2, name: title });
  const section = heading.closest('.summary__section') as HTMLElement;
  const list = section.querySelector('dl') as HTMLElement;
  return [...list.children].map((row) => [
    row.querySelector('dt')?.textContent ?? '',
    row.querySelector('dd')?.textContent ?? '',
  ]);
}

describe('summary content block', () => {
  it('shows each earlier step with answers under its title, formatted for people', async () => {
    renderSummaryStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Angaben prüfen' })).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Ihre Person', 'Ihr Fahrrad', 'Bankverbindung']);
    expect(rowsOf('Ihre Person')).toEqual([
      ['Vorname', 'Erika'],
      ['Anrede', 'Frau'],
      ['Geburtsdatum', '07.03.1985'],
      ['Telefon', '01512 3456789'],
    ]);
    expect(rowsOf('Ihr Fahrrad')).toEqual([
      ['Kaufpreis in Euro', '1.234,50'],
      ['Baujahr', '2019'],
      ['E-Bike', 'Ja'],
      ['Neu gekauft', 'Nein'],
      ['Zubehör', 'Korb, Licht'],
      ['Standort', 'PLZ10115StadtBerlin'],
    ]);
    expect(rowsOf('Bankverbindung')).toEqual([['IBAN', 'DE89 3704 0044 0532 0130 00']]);
    expect(screen.getByText('Bitte prüfen Sie Ihre Angaben.')).toBeVisible();
  });

  it('lists a nested object property by property with their own labels', async () => {
    renderSummaryStep();
    const standort = (await screen.findByText('Standort')).closest('div') as HTMLElement;
    const nested = within(standort)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(nested).toEqual(['Standort', 'PLZ', 'Stadt']);
    expect(within(standort).getByText('Berlin').tagName).toBe('DD');
  });

  it('has one change button per section, named "<title> ändern", showing "Ändern"', async () => {
    renderSummaryStep();
    await screen.findByRole('heading', { level: 1, name: 'Angaben prüfen' });
    const buttons = screen.getAllByRole('button', { name: /ändern$/ });
    expect(buttons.map((button) => button.textContent)).toEqual([
      'ÄndernIhre Person ändern',
      'ÄndernIhr Fahrrad ändern',
      'ÄndernBankverbindung ändern',
    ]);
    const names = ['Ihre Person ändern', 'Ihr Fahrrad ändern', 'Bankverbindung ändern'];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeVisible();
    expect(new Set(buttons.map((b) => b.getAttribute('type')))).toEqual(new Set(['button']));
  });

  it('a change button goes to its step', async () => {
    const { services } = renderSummaryStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Ihr Fahrrad ändern' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' });
    // The focus moves in an effect after the step renders.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(services.navigate.mock.lastCall?.[0]).toBe('fahrrad');
    expect(screen.getByLabelText(/^Kaufpreis in Euro/)).toHaveValue('1.234,50');
  });

  it('follows the answers while it is shown', () => {
    const { services } = inlineServices();
    const controller = new WizardController(
      inlineSetup(definition),
      compileValidators(definition),
      services,
    );
    controller.dispatch({ type: 'restore', formData: answers, currentStep: 'pruefen' });
    const context = {
      t: (key: string, values?: Record<string, unknown>) => String(i18nT(key, values)),
      exists: (key: string) => i18nExists(key),
      i18nPrefix: 'Check',
      locale: 'de',
      fileLimits: { maxSizeBytes: 1, maxCount: 1 },
    };
    render(<Summary controller={controller} stepId="pruefen" context={context} />);
    expect(screen.getByText('Erika')).toBeVisible();
    act(() => controller.setField('person', 'vorname', 'Erik'));
    expect(screen.getByText('Erik')).toBeVisible();
    expect(screen.queryByText('Erika')).toBeNull();
    act(() => controller.setField('bank', 'iban', undefined));
    expect(screen.queryByRole('heading', { name: 'Bankverbindung' })).toBeNull();
  });
});
