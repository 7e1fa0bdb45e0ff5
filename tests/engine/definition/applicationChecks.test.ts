import { describe, expect, it } from 'vitest';
import { errorsOf, positionOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';

const FAHRRAD = 'definitions/applications/fahrrad.json';
const TARIFF = 'definitions/tariffs/fahrrad.json';

/** The errors (file:line:column pointer: message) of the real files with some files replaced. */
function located(changes: Record<string, JsonObject>): string[] {
  let files = withFile(FAHRRAD, pretty(realJson(FAHRRAD)));
  for (const [path, value] of Object.entries(changes)) files = withFile(path, pretty(value), files);
  return errorsOf(files).map((e) => `${e.file}:${e.line}:${e.column} ${e.pointer}: ${e.message}`);
}

const rating = (tariff: JsonObject): JsonObject => tariff['rating'] as JsonObject;
const table = (tariff: JsonObject): JsonObject =>
  ((rating(tariff)['tables'] as JsonObject)['typfaktor'] as JsonObject)['values'] as JsonObject;

describe('the definitions check of tariffs, application flows and registers', () => {
  it('accepts the real tariffs, flows and registers', () => {
    expect(located({})).toEqual([]);
  });

  it('names a table key that is no option of the answer, with file, line, column and pointer', () => {
    const tariff = realJson(TARIFF);
    const values = table(tariff);
    values['CITYBKE'] = values['CITYBIKE'];
    delete values['CITYBIKE'];
    const text = pretty(tariff);
    const key = positionOf(text, ['"typfaktor"', '"CITYBKE"']);
    const level = positionOf(text, ['"typfaktor"', '"values"']);
    expect(located({ [TARIFF]: tariff })).toEqual([
      `${TARIFF}:${level.line}:${level.column} /rating/tables/typfaktor/values: no row for "CITYBIKE" of "fahrradtyp": add it, or give the table a "missing" reason`,
      `${TARIFF}:${key.line}:${key.column} /rating/tables/typfaktor/values/CITYBKE: unknown table key "CITYBKE": the answer "fahrradtyp" reads has only "CITYBIKE", "TREKKINGBIKE", "MOUNTAINBIKE", "RENNRAD", "KINDERRAD", "LASTENRAD", "PEDELEC", "E_BIKE"`,
    ]);
  });

  it('refuses a tariff whose input reads an answer the flow does not have', () => {
    const tariff = realJson(TARIFF);
    ((rating(tariff)['inputs'] as JsonObject)['versicherungssumme'] as JsonObject)['value'] = {
      var: 'answers.fahrrad.preis',
    };
    expect(located({ [TARIFF]: tariff })).toContainEqual(
      expect.stringMatching(
        /^definitions\/tariffs\/fahrrad\.json:\d+:\d+ \/rating\/inputs\/versicherungssumme\/value: reads "answers\.fahrrad\.preis", but step "fahrrad" of flow "fahrrad" has no field "preis"$/,
      ),
    );
  });

  it('refuses a routine rule reading a name that is not set yet, and an unknown table', () => {
    const tariff = realJson(TARIFF);
    const steps = rating(tariff)['steps'] as JsonObject[];
    (steps[4] as JsonObject)['value'] = { var: 'rabatt' };
    (steps[5] as JsonObject)['value'] = { table: 'typ' };
    const messages = located({ [TARIFF]: tariff });
    expect(messages).toContainEqual(
      expect.stringContaining(
        '/rating/steps/4/value: reads "rabatt", which is no input, no variable set by an earlier step and not today',
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining('/rating/steps/5/value/table: there is no table "typ"'),
    );
  });

  it('refuses a second tariff for a product in one currency, at the pointer of the product', () => {
    const second = realJson('definitions/tariffs/reise.json');
    second['id'] = 'reise-2027';
    const messages = located({ 'definitions/tariffs/reise-2027.json': second });
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^definitions\/tariffs\/reise-2027\.json:\d+:\d+ \/products\/0: product REISE already has a tariff in EUR \(definitions\/tariffs\/reise\.json\)/,
      ),
    );
  });

  it('refuses an application flow without a tariff in the currency of a brand offering it, at the brand', () => {
    const tariff = realJson(TARIFF);
    delete tariff['rating'];
    const messages = located({ [TARIFF]: tariff });
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^definitions\/applications\/fahrrad\.json:\d+:\d+ \/brands\/0: application flow "fahrrad" is offered under andsafe, which prices in EUR, but no tariff in EUR prices it: add "fahrrad" to rating\.flows/,
      ),
    );
    // protect-ch prices in CHF, with its own tariff: still priced.
    expect(messages.filter((m) => m.includes('protect-ch'))).toEqual([]);
  });

  it("wants the Swiss brand's flows priced by a tariff in francs, not by the euro tariff", () => {
    const swiss = realJson('definitions/tariffs/fahrrad-ch.json');
    delete swiss['rating'];
    expect(located({ 'definitions/tariffs/fahrrad-ch.json': swiss })).toEqual([
      expect.stringMatching(
        /^definitions\/applications\/fahrrad\.json:\d+:\d+ \/brands\/4: application flow "fahrrad" is offered under protect-ch, which prices in CHF, but no tariff in CHF prices it/,
      ),
    ]);
  });

  it('refuses a check of a register that does not exist, and a flow parameter of another flow', () => {
    const flow = realJson(FAHRRAD);
    ((flow['checks'] as JsonObject[])[0] as JsonObject)['register'] = 'gestohlene-raeder';
    ((flow['submit'] as JsonObject)['params'] as JsonObject)['flow'] = 'reise';
    const messages = located({ [FAHRRAD]: flow });
    expect(messages).toContainEqual(
      expect.stringContaining(
        '/checks/0/register: there is no register definitions/registers/gestohlene-raeder.json',
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining(
        `/submit/params/flow: the flow parameter must be this flow's id "fahrrad", not "reise"`,
      ),
    );
  });

  it('accepts a table keyed by a variable an earlier step sets, and refuses it read before', () => {
    /** The bike tariff with a table keyed by the rate "satz", read by a step at `index`. */
    const withLookup = (index: number, target: string): JsonObject => {
      const tariff = realJson(TARIFF);
      (rating(tariff)['tables'] as JsonObject)['satzfaktor'] = {
        label: 'Faktor nach Jahressatz',
        keys: [{ input: 'satz', bands: true }],
        values: [
          { upTo: 0.05, value: 1 },
          { upTo: null, value: 1.1 },
        ],
      };
      (rating(tariff)['steps'] as JsonObject[]).splice(index, 0, {
        id: 'satzfaktor',
        label: 'Faktor nach Jahressatz',
        op: target === 'jahresbeitrag' ? 'multiply' : 'set',
        target,
        value: { table: 'satzfaktor' },
      });
      return tariff;
    };
    // Step 5 follows "mal-satz"; step 0 comes before "satz-diebstahl" sets the rate.
    expect(located({ [TARIFF]: withLookup(5, 'jahresbeitrag') })).toEqual([]);
    expect(located({ [TARIFF]: withLookup(0, 'vorab') })).toEqual([
      expect.stringContaining(
        '/rating/steps/0/value/table: table "satzfaktor" is keyed by "satz", which no earlier step sets',
      ),
    ]);
  });

  it('refuses a table keyed by a name that is neither an input nor a variable', () => {
    const tariff = realJson(TARIFF);
    (rating(tariff)['tables'] as JsonObject)['zonenfaktor'] = {
      label: 'Faktor nach Zone',
      keys: [{ input: 'zone' }],
      values: { '1': 1 },
    };
    expect(located({ [TARIFF]: tariff })).toEqual([
      expect.stringContaining(
        '/rating/tables/zonenfaktor/keys/0/input: "zone" is no input of the rating and no variable its routine sets',
      ),
    ]);
  });

  it('refuses unordered bands', () => {
    const tariff = realJson(TARIFF);
    (rating(tariff)['tables'] as JsonObject)['summenband'] = {
      label: 'Band',
      keys: [{ input: 'versicherungssumme', bands: true }],
      values: [
        { upTo: 1000, value: 1 },
        { upTo: 500, value: 2 },
        { upTo: null, value: 3 },
      ],
    };
    expect(located({ [TARIFF]: tariff })).toContainEqual(
      expect.stringContaining(
        '/rating/tables/summenband/values/1/upTo: bands must ascend: 500 does not lie above 1000',
      ),
    );
  });

  it('refuses a table looked up with named keys that are too many or no inputs', () => {
    const tariff = realJson(TARIFF);
    const steps = rating(tariff)['steps'] as JsonObject[];
    (steps[5] as JsonObject)['value'] = { table: 'typfaktor', keys: ['fahrradtyp', 'zahlweise'] };
    (steps[6] as JsonObject)['when'] = true;
    (steps[6] as JsonObject)['op'] = 'multiply';
    (steps[6] as JsonObject)['value'] = { table: 'typfaktor', keys: ['rad'] };
    const messages = located({ [TARIFF]: tariff });
    expect(messages).toContainEqual(
      expect.stringContaining(
        '/rating/steps/5/value/keys: table "typfaktor" has 1 key column(s): name as many inputs, not 2',
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining(
        '/rating/steps/6/value/keys/0: "rad" is no input of the rating and no variable an earlier step sets',
      ),
    );
    (steps[6] as JsonObject)['value'] = { table: 'typfaktor', keys: ['fahrradtyp'] };
    (steps[5] as JsonObject)['value'] = { table: 'typfaktor' };
    expect(located({ [TARIFF]: tariff })).toEqual([]);
  });

  it('checks what an input reads inside the items of a list it iterates against the list item', () => {
    const path = 'definitions/tariffs/reise.json';
    const tariff = realJson(path);
    (rating(tariff)['inputs'] as JsonObject)['personen'] = {
      label: 'Erwachsene',
      type: 'number',
      value: {
        reduce: [
          { var: 'answers.reisende.personen' },
          { '+': [{ var: 'accumulator' }, { if: [{ var: 'current.alter' }, 1, 0] }] },
          0,
        ],
      },
    };
    expect(located({ [path]: tariff })).toEqual([
      expect.stringMatching(
        /^definitions\/tariffs\/reise\.json:\d+:\d+ \/rating\/inputs\/personen\/value: reads "answers\.reisende\.personen\.0\.alter", but step "reisende" of flow "reise" has no field "alter"$/,
      ),
    ]);
  });
});
