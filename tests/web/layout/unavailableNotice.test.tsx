// @vitest-environment jsdom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  createUnavailableState,
  type HttpClient,
} from '../../../apps/web/src/http/index.ts';
import { UnavailableNotice } from '../../../apps/web/src/layout/UnavailableNotice.tsx';
import { createQueryClient } from '../../../apps/web/src/platform/query/queryClient.ts';
import { setupPortalTexts } from '../portal/support.tsx';

beforeAll(setupPortalTexts);
afterEach(cleanup);

const UNAVAILABLE = {
  error: 'unavailable',
  message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
};

/** A page's data through the app's HTTP client and the query cache, as the portal pages load it. */
function Documents({ client }: { client: HttpClient }) {
  const query = useQuery({
    queryKey: ['dokumente'],
    queryFn: async () => {
      const result = await client.send({ method: 'GET', url: 'http://localhost/api/dokumente' });
      if (!result.ok) throw new Error(`GET /api/dokumente: ${result.status}`);
      return result.body as { titel: string }[];
    },
  });
  return (
    <ul>
      {(query.data ?? []).map((item) => (
        <li key={item.titel}>{item.titel}</li>
      ))}
    </ul>
  );
}

describe('the unavailable notice', () => {
  it('shows for a 503 of any API call, announced, and its retry loads the page data again', async () => {
    let away = true;
    const fetch = async () =>
      away
        ? Response.json(UNAVAILABLE, { status: 503, headers: { 'retry-after': '5' } })
        : Response.json([{ titel: 'Kundeninformation Hausrat' }]);
    const state = createUnavailableState();
    const client = createHttpClient({ fetch, onUnavailable: state.report });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <UnavailableNotice state={state} />
        <Documents client={client} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vorübergehend nicht erreichbar');
    expect(alert).toHaveTextContent('Unser Dienst ist gerade nicht erreichbar.');
    expect(screen.getByRole('heading', { name: 'Vorübergehend nicht erreichbar' })).toBeVisible();

    away = false;
    await userEvent.click(screen.getByRole('button', { name: 'Noch einmal versuchen' }));
    expect(await screen.findByText('Kundeninformation Hausrat')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("does not show for other errors, nor for a flow's calls, which show their own page", async () => {
    const state = createUnavailableState();
    const client = createHttpClient({
      fetch: async (input) =>
        String(input instanceof Request ? input.url : input).endsWith('/fehler')
          ? Response.json({ error: 'internal' }, { status: 500 })
          : Response.json(UNAVAILABLE, { status: 503 }),
      onUnavailable: state.report,
    });
    await client.send({ method: 'GET', url: 'http://localhost/api/fehler' });
    await client.transport({
      endpoint: 'fahrradAntrag',
      method: 'POST',
      url: 'http://localhost/api/antrag/fahrrad',
      auth: 'none',
      headers: {},
    });
    expect(state.current()).toBe(false);
    await client.fetchFile({ method: 'POST', url: 'http://localhost/api/antrag/fahrrad/angebot' });
    expect(state.current()).toBe(true);
  });
});
