import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';

const BREEDS = 'definitions/catalogues/hunderassen.json';
const TARIFF = 'definitions/tariffs/fahrrad.json';
const FLOW = 'definitions/applications/fahrrad.json';

/** The errors (file pointer: message) of the real files with some files replaced. */
function located(changes: Record<string, JsonObject>): string[] {
  let files = withFile(BREEDS, pretty(realJson(BREEDS)));
  for (const [path, value] of Object.entries(changes)) files = withFile(path, pretty(value), files);
  return errorsOf(files).map((e) => `${e.file} ${e.pointer}: ${e.message}`);
}

const entries = (catalogue: JsonObject) => catalogue['entries'] as JsonObject[];

describe('the definitions check of catalogues and their lookups', () => {
  it('refuses a repeated key or label, a missing, unknown or mistyped attribute', () => {
    const catalogue = realJson(BREEDS);
    const [first, second, third] = entries(catalogue) as [JsonObject, JsonObject, JsonObject];
    second['key'] = first['key'];
    third['label'] = ` ${String(first['label']).toUpperCase()} `;
    first['attributes'] = { listenhund: 'nein', farbe: 'braun' };
    expect(located({ [BREEDS]: catalogue })).toEqual([
      `${BREEDS} /entries/0/attributes: the attribute "groesse" is missing`,
      `${BREEDS} /entries/0/attributes/listenhund: "listenhund" must be a boolean`,
      `${BREEDS} /entries/0/attributes/farbe: "farbe" is no attribute of the catalogue (declare it under attributes)`,
      `${BREEDS} /entries/1/key: the key "${String(first['key'])}" is used twice`,
      `${BREEDS} /entries/2/label: the label "${String(third['label'])}" is used twice`,
    ]);
  });

  it('refuses an attribute value outside its enum', () => {
    const catalogue = realJson(BREEDS);
    const first = entries(catalogue)[0] as JsonObject;
    first['attributes'] = { ...(first['attributes'] as JsonObject), groesse: 'RIESIG' };
    expect(located({ [BREEDS]: catalogue })).toEqual([
      `${BREEDS} /entries/0/attributes/groesse: "groesse" must be one of KLEIN, MITTEL, GROSS, not "RIESIG"`,
    ]);
  });

  it('refuses a tariff lookup of an unknown catalogue or attribute', () => {
    const tariff = realJson(TARIFF);
    const rating = tariff['rating'] as JsonObject;
    const inputs = rating['inputs'] as JsonObject;
    inputs['rasse'] = {
      label: 'Rasse',
      type: 'string',
      optional: true,
      value: { catalogue: ['hunderasse', { var: 'answers.fahrrad.hersteller' }, 'groesse'] },
    };
    inputs['gross'] = {
      label: 'Größe',
      type: 'string',
      optional: true,
      value: { catalogue: ['hunderassen', { var: 'answers.fahrrad.hersteller' }, 'gewicht'] },
    };
    expect(located({ [TARIFF]: tariff })).toEqual([
      `${TARIFF} /rating/inputs/rasse/value/catalogue: the first argument must name a catalogue of definitions/catalogues/ (fahrradhersteller, gewerbearten, hunderassen)`,
      `${TARIFF} /rating/inputs/gross/value/catalogue: the third argument must be an attribute of catalogue "hunderassen" (listenhund, groesse)`,
    ]);
  });

  it('refuses a lookup outside the inputs, where the routine has no catalogues', () => {
    const tariff = realJson(TARIFF);
    const rating = tariff['rating'] as JsonObject;
    const step = (rating['steps'] as JsonObject[])[0] as JsonObject;
    step['when'] = { catalogue: ['fahrradhersteller', 'Cube'] };
    expect(located({ [TARIFF]: tariff })).toEqual([
      `${TARIFF} /rating/steps/0/when/catalogue: a tariff reads a catalogue only in an input (rating.inputs.<name>.value or rating.contractInputs.<name>): declare an input with the lookup and let the steps read the input`,
    ]);
  });

  it('refuses the operator in a flow, whose rules the browser evaluates too', () => {
    const flow = realJson(FLOW);
    const step = (flow['steps'] as JsonObject[])[0] as JsonObject;
    step['visibleWhen'] = { catalogue: ['hunderassen', 'Mops', 'listenhund'] };
    expect(located({ [FLOW]: flow })).toContainEqual(
      `${FLOW} /steps/0/visibleWhen/catalogue: the catalogue operator is evaluated only on the server: use it in a tariff's rating, and require an entry with a check ("register": the catalogue id)`,
    );
  });
});
