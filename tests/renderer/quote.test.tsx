// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { HttpRequest } from '../../engine/index.ts';
import type { TransportResult } from '../../renderer/index.ts';
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
      id: 'start',
      i18nPrefix: 'Start',
      form: { schema: { type: 'object', properties: { name: { type: 'string' } } } },
    },
    {
      id: 'fahrrad',
      i18nPrefix: 'Bike',
      form: {
        schema: {
          type: 'object',
          properties: { kaufpreis: { type: 'number' }, farbe: { type: 'string' } },
        },
        uiSchema: { kaufpreis: { 'ui:widget': 'number' } },
      },
    },
    { id: 'ende', i18nPrefix: 'End', content: [{ type: 'text', textKey: 'End.text' }] },
  ],
  quote: {
    endpoint: 'price',
    showFrom: 'fahrrad',
    headlineKey: 'Quote.headline',
    when: { var: 'data.fahrrad.kaufpreis' },
    body: { summe: { var: 'data.fahrrad.kaufpreis' } },
    blocks: [
      {
        type: 'text',
        textKey: 'Quote.premium',
        values: { beitrag: { var: 'quote.beitrag' } },
      },
    ],
  },
});

const KEY = 'wizard:inline-test:v3';

beforeAll(async () => {
  await setupInlineTexts({
    Start: { title: 'Start', name: { label: 'Name' } },
    Bike: { title: 'Ihr Fahrrad', kaufpreis: { label: 'Kaufpreis' }, farbe: { label: 'Farbe' } },
    End: { title: 'Ende', text: 'Fertig' },
    Quote: { headline: 'Ihr Beitrag', premium: '{{beitrag}} € monatlich' },
  });
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Pending {
  request: HttpRequest;
  answer: (result: TransportResult) => Promise<void>;
}

/** A transport whose answers the test gives, one by one. */
function pendingTransport() {
  const calls: Pending[] = [];
  const { services, storage } = inlineServices(
    (request) =>
      new Promise<TransportResult>((resolve) => {
        calls.push({
          request,
          answer: async (result) => {
            await act(async () => resolve(result));
          },
        });
      }),
  );
  return { services, storage, calls };
}

const ok = (body: unknown): TransportResult => ({ ok: true, status: 200, body });
const priceBox = () => screen.getByRole('region', { name: 'Ihr Beitrag' });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const typePrice = (text: string) =>
  fireEvent.change(screen.getByLabelText(/^Kaufpreis/), { target: { value: text } });

describe('live price', () => {
  it('shows no price box before showFrom', () => {
    const { services } = pendingTransport();
    renderFlow({ definition, services, segment: 'start' });
    expect(screen.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('comes after the fields and before the buttons, so that a phone shows the price first', () => {
    const { services, storage } = pendingTransport();
    storage.set(KEY, savedState(definition, {}, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    const field = screen.getByLabelText(/^Kaufpreis/);
    const next = screen.getByRole('button', { name: 'Weiter' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(field, priceBox())).toBe(true);
    expect(follows(priceBox(), next)).toBe(true);
  });

  it('waits for the answers it needs, with a hint, and asks for nothing', () => {
    const { services, storage } = pendingTransport();
    storage.set(KEY, savedState(definition, {}, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    expect(priceBox()).toHaveAttribute('aria-live', 'polite');
    expect(priceBox()).toHaveTextContent(
      'Der Beitrag wird berechnet, sobald die nötigen Angaben vorliegen.',
    );
    wait(1000);
    expect(services.transport).not.toHaveBeenCalled();
  });

  it('asks once the answers rest for 350 ms, busy meanwhile, then shows the price', async () => {
    const { services, storage, calls } = pendingTransport();
    storage.set(KEY, savedState(definition, {}, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    typePrice('1');
    wait(100);
    typePrice('10');
    wait(100);
    typePrice('1000');
    wait(349);
    expect(calls).toHaveLength(0);
    wait(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.request).toMatchObject({
      method: 'POST',
      url: '/api/preis',
      body: { summe: 1000 },
    });
    expect(priceBox()).toHaveAttribute('aria-busy', 'true');
    expect(priceBox()).toHaveTextContent('Der Beitrag wird berechnet …');
    await calls[0]?.answer(ok({ beitrag: '12,34' }));
    expect(priceBox()).toHaveAttribute('aria-busy', 'false');
    expect(within(priceBox()).getByText('12,34 € monatlich')).toBeVisible();
    expect(screen.queryByText('Der Beitrag wird berechnet …')).toBeNull();
  });

  it('keeps the last price while a new one loads and ignores superseded answers', async () => {
    const { services, storage, calls } = pendingTransport();
    storage.set(KEY, savedState(definition, { fahrrad: { kaufpreis: 1000 } }, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    // Started with a restored answer: asked at once.
    expect(calls).toHaveLength(1);
    await calls[0]?.answer(ok({ beitrag: '10,00' }));
    expect(priceBox()).toHaveTextContent('10,00 € monatlich');

    typePrice('2000');
    wait(350);
    expect(calls).toHaveLength(2);
    expect(priceBox()).toHaveAttribute('aria-busy', 'true');
    expect(priceBox()).toHaveTextContent('10,00 € monatlich');

    typePrice('3000');
    wait(350);
    expect(calls).toHaveLength(3);
    await calls[2]?.answer(ok({ beitrag: '30,00' }));
    expect(priceBox()).toHaveTextContent('30,00 € monatlich');
    expect(priceBox()).toHaveAttribute('aria-busy', 'false');
    // The answer to 2000 comes late: it no longer counts.
    await calls[1]?.answer(ok({ beitrag: '20,00' }));
    expect(priceBox()).toHaveTextContent('30,00 € monatlich');
  });

  it('ignores a cancelled answer and shows the one of the newer request', async () => {
    const { services, storage, calls } = pendingTransport();
    storage.set(KEY, savedState(definition, {}, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    typePrice('1000');
    wait(350);
    typePrice('1500');
    wait(350);
    expect(calls).toHaveLength(2);
    await calls[0]?.answer({ ok: true, status: 0, body: null, canceled: true });
    expect(priceBox()).toHaveAttribute('aria-busy', 'true');
    expect(priceBox()).toHaveTextContent('Der Beitrag wird berechnet …');
    await calls[1]?.answer(ok({ beitrag: '15,00' }));
    expect(priceBox()).toHaveTextContent('15,00 € monatlich');
    wait(1000);
    expect(calls).toHaveLength(2);
  });

  it('says when the price cannot be calculated, and Weiter still works while it loads', async () => {
    const { services, storage, calls } = pendingTransport();
    storage.set(KEY, savedState(definition, {}, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    typePrice('1000');
    wait(350);
    await calls[0]?.answer({ ok: false, status: 503, body: null });
    expect(priceBox()).toHaveTextContent(
      'Der Beitrag kann gerade nicht berechnet werden. Sie können trotzdem fortfahren.',
    );
    expect(priceBox()).toHaveAttribute('aria-busy', 'false');

    typePrice('1100');
    wait(350);
    expect(priceBox()).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Ende' })).toBeVisible();
    await calls[1]?.answer(ok({ beitrag: '11,00' }));
    expect(priceBox()).toHaveTextContent('11,00 € monatlich');
  });

  it('does not ask again for the same answers (another step, a field the price ignores)', async () => {
    const { services, storage, calls } = pendingTransport();
    storage.set(KEY, savedState(definition, { fahrrad: { kaufpreis: 1000 } }, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    await calls[0]?.answer(ok({ beitrag: '10,00' }));
    fireEvent.change(screen.getByLabelText(/^Farbe/), { target: { value: 'rot' } });
    wait(350);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    });
    wait(1000);
    expect(screen.getByRole('heading', { level: 1, name: 'Ende' })).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(priceBox()).toHaveTextContent('10,00 € monatlich');
  });

  it('goes back to the hint when a needed answer is removed, and asks again when it returns', async () => {
    const { services, storage, calls } = pendingTransport();
    storage.set(KEY, savedState(definition, { fahrrad: { kaufpreis: 1000 } }, 'fahrrad'));
    renderFlow({ definition, services, segment: 'fahrrad' });
    await calls[0]?.answer(ok({ beitrag: '10,00' }));
    typePrice('');
    wait(350);
    expect(priceBox()).toHaveTextContent(
      'Der Beitrag wird berechnet, sobald die nötigen Angaben vorliegen.',
    );
    expect(priceBox()).not.toHaveTextContent('10,00');
    typePrice('1000');
    wait(350);
    expect(calls).toHaveLength(2);
  });
});
