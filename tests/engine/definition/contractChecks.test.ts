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
