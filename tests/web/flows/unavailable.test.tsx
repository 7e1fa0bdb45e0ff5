// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../engine/index.ts';
import type { HttpResult } from '../../../apps/web/src/http/index.ts';
import { UnavailablePage } from '../../../apps/web/src/flows/UnavailablePage.tsx';
import {
  useUnavailableGuard,
  type Transport,
} from '../../../apps/web/src/flows/unavailableGuard.ts';
import { setupPortalTexts } from '../portal/support.tsx';

beforeAll(setupPortalTexts);
afterEach(cleanup);

const request: HttpRequest = {
  endpoint: 'fahrradAntrag',
  method: 'POST',
  url: '/api/antrag/fahrrad',
  auth: 'none',
  headers: {},
};

/** A flow page in miniature: an answer the user typed, a submit, and the guard around the call. */
function Flow({ send }: { send: Transport }) {
  const guard = useUnavailableGuard(send);
  const [outcome, setOutcome] = useState('');
  return (
    <>
      {guard.unavailable ? <UnavailablePage onRetry={guard.retry} /> : null}
      <div hidden={guard.unavailable}>
        <label>
          Nachname
          <input defaultValue="" />
        </label>
        <button
          type="button"
          onClick={() => void guard.transport(request).then((r) => setOutcome(`${r.status}`))}
        >
          Absenden
        </button>
        <output>{outcome}</output>
      </div>
    </>
  );
}

describe('a 503 during a flow', () => {
  it('shows the German unavailable page, keeps the answers and goes on after a retry', async () => {
    const answers: HttpResult[] = [
      { ok: false, status: 503, body: { error: 'unavailable' } },
      { ok: true, status: 201, body: {} },
    ];
    const sent: HttpRequest[] = [];
    const send: Transport = async (call) => {
      sent.push(call);
      return answers.shift() ?? { ok: false, status: 500, body: null };
    };
    const user = userEvent.setup();
    render(<Flow send={send} />);
    await user.type(screen.getByLabelText('Nachname'), 'Mustermann');
    await user.click(screen.getByRole('button', { name: 'Absenden' }));

    const heading = await screen.findByRole('heading', { name: 'Vorübergehend nicht erreichbar' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Ihre Angaben bleiben gespeichert');
    // The flow has not seen the failure: no outcome yet, and the answer is still there.
    expect(screen.getByText('', { selector: 'output' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nachname', { selector: 'input' })).toHaveValue('Mustermann');

    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Noch einmal versuchen' }));
    });
    expect(await screen.findByText('201', { selector: 'output' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Vorübergehend nicht erreichbar' })).toBeNull();
    expect(screen.getByLabelText('Nachname')).toHaveValue('Mustermann');
    expect(sent).toHaveLength(2);
  });

  it('hands every other failure to the flow as it is', async () => {
    const send: Transport = async () => ({ ok: false, status: 500, body: null });
    const user = userEvent.setup();
    render(<Flow send={send} />);
    await user.click(screen.getByRole('button', { name: 'Absenden' }));
    expect(await screen.findByText('500', { selector: 'output' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Vorübergehend nicht erreichbar' })).toBeNull();
  });
});
