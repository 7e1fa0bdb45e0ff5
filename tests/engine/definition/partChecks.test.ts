import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realFiles, realJson, withFile, type JsonObject } from './fixtures.ts';

const FAHRRAD_TARIFF = 'definitions/tariffs/fahrrad.json';
const FAHRRAD_CH_TARIFF = 'definitions/tariffs/fahrrad-ch.json';
const FAHRRAD_FLOW = 'definitions/applications/fahrrad.json';

/**
 * The errors (file pointer: message) of the real files with some files replaced, without the
 * tariffs' follow-on notes of a flow with problems of its own.
 */
function messages(replaced: Record<string, JsonObject>): string[] {
  let files = realFiles();
  for (const [path, value] of Object.entries(replaced))
    files = withFile(path, pretty(value), files);
  return errorsOf(files)
    .filter((e) => !e.pointer.startsWith('/rating/flows/'))
    .map((e) => `${e.file} ${e.pointer}: ${e.message}`);
}

/** The bike line's tariffs (EUR and CHF) with the same parts. */
function bikeTariffsWithParts(parts: JsonObject): Record<string, JsonObject> {
  const eur = realJson(FAHRRAD_TARIFF);
  const chf = realJson(FAHRRAD_CH_TARIFF);
  eur['parts'] = parts;
  chf['parts'] = structuredClone(parts);
  return { [FAHRRAD_TARIFF]: eur, [FAHRRAD_CH_TARIFF]: chf };
}

const realParts = (): JsonObject => realJson(FAHRRAD_TARIFF)['parts'] as JsonObject;

const contractOf = (flow: JsonObject): JsonObject =>
  (flow['issue'] as JsonObject)['contract'] as JsonObject;

describe('the definitions check of a line’s contract parts (tariff parts)', () => {
  it('accepts the real tariffs', () => {
    expect(messages({})).toEqual([]);
  });

  it('refuses a common field of the contract view as a part, and a spec part with a schema of its own', () => {
    const parts = {
      ...realParts(),
      zahlweise: { type: 'string' },
      fahrrad: { type: 'object' },
    };
    const found = messages(bikeTariffsWithParts(parts)).filter((m) => m.startsWith(FAHRRAD_TARIFF));
    expect(found).toEqual([
      `${FAHRRAD_TARIFF} /parts/fahrrad: "fahrrad" is a part of the spec: refer to its definition ({"$ref": "../schema/contract-view.schema.json#/properties/fahrrad"}), or give a part of the line's own another name`,
      `${FAHRRAD_TARIFF} /parts/zahlweise: "zahlweise" is a common field of the contract view (definitions/schema/contract-view.schema.json), not a part: a part of the line's own needs a name the view does not use`,
    ]);
  });

  it('wants every tariff of a line to declare the same parts', () => {
    const eur = realJson(FAHRRAD_TARIFF);
    eur['parts'] = { ...realParts(), rahmengroesse: { type: 'integer' } };
    expect(messages({ [FAHRRAD_TARIFF]: eur })).toEqual([
      `${FAHRRAD_TARIFF} /parts: every tariff of the line FAHRRAD declares the same parts: ${FAHRRAD_CH_TARIFF} declares others`,
    ]);
  });

  it('refuses an issue target that is a part the line does not declare', () => {
    const flow = realJson(FAHRRAD_FLOW);
    contractOf(flow)['elementar'] = true;
    expect(messages({ [FAHRRAD_FLOW]: flow })).toEqual([
      `${FAHRRAD_FLOW} /issue/contract/elementar: "elementar" is a part the line FAHRRAD does not declare (its tariff's parts)`,
    ]);
  });

  it('checks an issue target of a part of the line’s own against the part’s schema', () => {
    const parts = {
      ...realParts(),
      rahmen: {
        type: 'object',
        properties: { groesse: { type: 'integer' }, material: { enum: ['ALU', 'CARBON'] } },
        required: ['groesse', 'material'],
        additionalProperties: false,
      },
    };
    const flow = realJson(FAHRRAD_FLOW);
    contractOf(flow)['rahmen.groesse'] = 56;
    contractOf(flow)['rahmen.material'] = 'ALU';
    expect(messages({ ...bikeTariffsWithParts(parts), [FAHRRAD_FLOW]: flow })).toEqual([]);
    contractOf(flow)['rahmen.material'] = 'STAHL';
    contractOf(flow)['rahmen.farbe'] = 'rot';
    expect(messages({ ...bikeTariffsWithParts(parts), [FAHRRAD_FLOW]: flow })).toEqual([
      `${FAHRRAD_FLOW} /issue/contract/rahmen.material: "rahmen.material": "STAHL" is not one of "ALU", "CARBON"`,
      `${FAHRRAD_FLOW} /issue/contract/rahmen.farbe: the contract view (definitions/schema/contract-view.schema.json) has no "farbe" in "rahmen.farbe"`,
    ]);
  });
});
