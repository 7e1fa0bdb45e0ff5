// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inlineDefinition, inlineServices, renderFlow, setupInlineTexts } from './inline.tsx';

// A page's content blocks read the stored result of the last call: a confirmation says the new
// contract's number only when the answer carries one (lines issued at once), and otherwise that
// the policy follows.
const definition = inlineDefinition({
  steps: [
    {
      id: 'antrag',
      i18nPrefix: 'Apply',
      form: {
        schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      onLeave: 'submit',
    },
  ],
  pages: [
    {
      id: 'danke',
      kind: 'confirmation',
      titleKey: 'Thanks.title',
      textKey: 'Thanks.text',
      values: { nummer: { var: 'result.antragsnummer' } },
      content: [
        {
          type: 'text',
          textKey: 'Thanks.issued',
          visibleWhen: { var: 'result.vertragsNummer' },
          values: { vertrag: { var: 'result.vertragsNummer' } },
        },
        {
          type: 'text',
          textKey: 'Thanks.later',
          visibleWhen: { '!': { var: 'result.vertragsNummer' } },
        },
      ],
    },
  ],
  submit: {
    endpoint: 'apply',
    body: 'relevantData',
    onSuccess: [{ go: 'page', page: 'danke', storeResult: true, clearAnswers: true }],
    onFailure: [{ go: 'stay' }],
  },
});

beforeAll(async () => {
  await setupInlineTexts({
    Apply: { title: 'Antrag', name: { label: 'Name' } },
    Thanks: {
      title: 'Vielen Dank',
      text: 'Antragsnummer {{nummer}}.',
      issued: 'Ihr Vertrag {{vertrag}} ist abgeschlossen.',
      later: 'Der Versicherungsschein folgt.',
    },
  });
});
afterEach(cleanup);

async function send(body: Record<string, unknown>) {
  const { services } = inlineServices({ ok: true, status: 201, body });
  renderFlow({ definition, services });
  await userEvent.type(await screen.findByLabelText('Name'), 'Erika');
  await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
  await screen.findByRole('heading', { level: 1, name: 'Vielen Dank' });
}

describe('the content of a confirmation page', () => {
  it('names the contract the answer carries', async () => {
    await send({ antragsnummer: 'A-1', vertragsNummer: 'FA-V0000007' });
    expect(screen.getByText('Antragsnummer A-1.')).toBeVisible();
    expect(screen.getByText('Ihr Vertrag FA-V0000007 ist abgeschlossen.')).toBeVisible();
    expect(screen.queryByText('Der Versicherungsschein folgt.')).toBeNull();
  });

  it('says the policy follows when the answer carries no contract', async () => {
    await send({ antragsnummer: 'A-2' });
    expect(screen.getByText('Der Versicherungsschein folgt.')).toBeVisible();
    expect(screen.queryByText(/ist abgeschlossen/)).toBeNull();
  });
});
