import { describe, expect, it } from 'vitest';
import { errorsWith, realJson, type JsonObject } from './fixtures.ts';

const WECHSEL = 'definitions/applications/betriebshaftpflicht-wechsel.json';

/** The messages of checking a changed copy of the business liability's change of tariff. */
function messagesOf(change: (definition: JsonObject) => void): string[] {
  const definition = realJson(WECHSEL);
  change(definition);
  return errorsWith(WECHSEL, definition).errors.map((e) => `${e.pointer}: ${e.message}`);
}

const variants = (d: JsonObject): JsonObject[] => d['variants'] as JsonObject[];

describe('the definitions check of a flow offered for existing contracts (forContracts)', () => {
  it('accepts the real change of tariff', () => {
    expect(messagesOf(() => undefined)).toEqual([]);
  });

  it('refuses a variant whose route does not carry the contract number', () => {
    expect(
      messagesOf((d) => {
        (variants(d)[0] as JsonObject)['baseRoute'] = '/kunden/tarifwechsel';
      }),
    ).toContainEqual(
      '/variants/0/baseRoute: the flow is offered for contracts: its route must carry the contract number as {vertragId} (forContracts.routeParam)',
    );
  });

  it('refuses a public variant', () => {
    expect(
      messagesOf((d) => {
        (variants(d)[0] as JsonObject)['roles'] = ['claimant'];
      }),
    ).toContainEqual(
      '/variants/0/roles: a flow for existing contracts needs a signed-in customer or agent: no variant may be public (claimant)',
    );
  });

  it('refuses a product that is no contract product', () => {
    expect(
      messagesOf((d) => {
        (d['forContracts'] as JsonObject)['products'] = ['BHV_3'];
      }),
    ).toContainEqual(expect.stringMatching(/^\/forContracts\/products\/0/));
  });

  it('names a missing action text', () => {
    expect(
      messagesOf((d) => {
        (d['forContracts'] as JsonObject)['actionKey'] = 'nirgends';
      }),
    ).toContainEqual(expect.stringMatching(/^\/forContracts\/actionKey: .*nirgends/));
  });
});

const ZAHLWEISE = 'definitions/self-service/zahlungsweise.json';

/** The messages of checking a changed copy of the payment-period change. */
function selfServiceMessages(change: (definition: JsonObject) => void): string[] {
  const definition = realJson(ZAHLWEISE);
  change(definition);
  return errorsWith(ZAHLWEISE, definition).errors.map((e) => `${e.pointer}: ${e.message}`);
}

const step = (d: JsonObject, i: number): JsonObject =>
  (d['steps'] as JsonObject[])[i] as JsonObject;
const form = (d: JsonObject, i: number): JsonObject => step(d, i)['form'] as JsonObject;

describe('the definitions check of a self-service change', () => {
  it('accepts the real payment-period change', () => {
    expect(selfServiceMessages(() => undefined)).toEqual([]);
  });

  it('needs its offer for contracts and the contract it changes', () => {
    expect(
      selfServiceMessages((d) => {
        delete d['forContracts'];
      }),
    ).toContainEqual(': the property "forContracts" is required here');
  });

  it('names a rule of the offer that reads what the contract view does not have', () => {
    expect(
      selfServiceMessages((d) => {
        (d['forContracts'] as JsonObject)['when'] = { var: 'context.contract.kuendbarx' };
      }),
    ).toContainEqual(
      '/forContracts/when: reads "context.contract.kuendbarx", but the context has no "kuendbarx" there',
    );
  });

  it('refuses an application for contracts without its products', () => {
    expect(
      messagesOf((d) => {
        delete (d['forContracts'] as JsonObject)['products'];
      }),
    ).toContainEqual(
      '/forContracts: an application for existing contracts must name its products (the server checks the contract against them)',
    );
  });

  it('checks options that are data (optionsFrom): a field of the step, without an enum', () => {
    expect(
      selfServiceMessages((d) => {
        form(d, 0)['optionsFrom'] = {
          unbekannt: {
            list: { var: 'context.contract.deckungsVarianten' },
            value: 'a',
            label: 'b',
          },
          zahlweise: {
            list: { var: 'context.contract.deckungsVarianten' },
            value: 'a',
            label: 'b',
          },
        };
      }),
    ).toEqual(
      expect.arrayContaining([
        '/steps/0/form/optionsFrom/unbekannt: "unbekannt" is not a field of step "auswahl"',
        '/steps/0/form/optionsFrom/zahlweise: "zahlweise" has an enum, but its options come from data (optionsFrom): leave the enum out',
      ]),
    );
  });

  it('checks the rules of optionsFrom against the context and the option', () => {
    expect(
      selfServiceMessages((d) => {
        const properties = (form(d, 0)['schema'] as JsonObject)['properties'] as JsonObject;
        properties['variante'] = { type: 'string' };
        form(d, 0)['optionsFrom'] = {
          variante: {
            list: { var: 'context.contract.deckungsVariantenx' },
            value: 'deckungsVarianteIdentifier',
            label: 'deckungsVarianteName',
            when: { '!=': [{ var: 'option.x' }, { var: 'context.nirgends' }] },
          },
        };
      }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\/steps\/0\/form\/optionsFrom\/variante\/list: .*deckungsVariantenx/,
        ),
        expect.stringMatching(/^\/steps\/0\/form\/optionsFrom\/variante\/when: .*nirgends/),
      ]),
    );
  });
});
