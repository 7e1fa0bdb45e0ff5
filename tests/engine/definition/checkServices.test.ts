import { describe, expect, it } from 'vitest';
import { errorsWith, realJson, type JsonObject } from './fixtures.ts';

const FAHRRAD = 'definitions/applications/fahrrad.json';

/** The messages of checking a changed copy of the bike application. */
function messagesOf(change: (definition: JsonObject) => void): string[] {
  const definition = realJson(FAHRRAD);
  change(definition);
  return errorsWith(FAHRRAD, definition).errors.map((e) => `${e.pointer}: ${e.message}`);
}

const stepNamed = (d: JsonObject, id: string): JsonObject =>
  (d['steps'] as JsonObject[]).find((s) => s['id'] === id) as JsonObject;

describe('the definitions check of loads, live price, drafts, finders and routes', () => {
  it('accepts the real bike application', () => {
    expect(messagesOf(() => undefined)).toEqual([]);
  });

  it('refuses a load into a context property that does not exist', () => {
    expect(
      messagesOf((d) => {
        const load = d['load'] as JsonObject;
        load['kunde'] = load['customer'];
        delete load['customer'];
      }),
    ).toContainEqual(expect.stringContaining('/load/kunde: a load fills context.kunde'));
  });

  it('refuses a load whose endpoint is not a GET', () => {
    expect(
      messagesOf((d) => {
        ((d['load'] as JsonObject)['customer'] as JsonObject)['endpoint'] = 'application-price';
      }),
    ).toContainEqual(expect.stringContaining('is a POST, but only a GET fits here'));
  });

  it('refuses a live price shown from a step that does not exist', () => {
    expect(
      messagesOf((d) => {
        (d['quote'] as JsonObject)['showFrom'] = 'tarif';
      }),
    ).toContainEqual('/quote/showFrom: there is no step "tarif"');
  });

  it('refuses a rule in the price box that reads something it cannot', () => {
    expect(
      messagesOf((d) => {
        const blocks = (d['quote'] as JsonObject)['blocks'] as JsonObject[];
        (blocks[0] as JsonObject)['values'] = { beitrag: { var: 'preis.beitrag' } };
      }),
    ).toContainEqual(
      expect.stringContaining('reads "preis.beitrag", but here a rule may read only'),
    );
  });

  it('refuses a draft save without its path parameter', () => {
    expect(
      messagesOf((d) => {
        delete ((d['draft'] as JsonObject[])[0] as JsonObject)['params'];
      }),
    ).toContainEqual(expect.stringContaining('needs the path parameter "id" in params'));
  });

  it('refuses a finder field with an unknown endpoint or a parameter from a missing field', () => {
    const messages = messagesOf((d) => {
      const ui = (stepNamed(d, 'risikoort')['form'] as JsonObject)['uiSchema'] as JsonObject;
      ((ui['ort'] as JsonObject)['ui:options'] as JsonObject)['endpoint'] = 'city-finder';
      ((ui['strasse'] as JsonObject)['ui:options'] as JsonObject)['params'] = {
        plz: 'postleitzahl',
      };
    });
    expect(messages).toContainEqual(expect.stringContaining('unknown endpoint "city-finder"'));
    expect(messages).toContainEqual(
      expect.stringContaining('"postleitzahl" is not a field of step "risikoort"'),
    );
  });

  it('refuses a route outcome without its route rule', () => {
    expect(
      messagesOf((d) => {
        const cases = (d['submit'] as JsonObject)['onFailure'] as JsonObject[];
        delete (cases[0] as JsonObject)['route'];
      }),
    ).toContainEqual(expect.stringContaining('go: route needs a route rule'));
  });

  it('refuses a rule reading a route parameter no variant has', () => {
    expect(
      messagesOf((d) => {
        const draft = (d['draft'] as JsonObject[])[0] as JsonObject;
        (draft['body'] as JsonObject)['partnerNummer'] = { var: 'context.route.kundennummer' };
      }),
    ).toContainEqual(
      expect.stringContaining('no baseRoute of the flow has a {kundennummer} segment'),
    );
  });

  it('refuses a variant declared twice', () => {
    expect(
      messagesOf((d) => {
        const variants = d['variants'] as JsonObject[];
        variants.push({ ...(variants[0] as JsonObject), baseRoute: '/antrag/rad' });
      }),
    ).toContainEqual('/variants/4/id: variant "customer" is declared twice');
  });
});
