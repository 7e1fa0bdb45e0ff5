import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realFiles, realJson, type JsonObject } from './fixtures.ts';

const BIKE = 'definitions/tariffs/fahrrad.json';
const SWISS_BIKE = 'definitions/tariffs/fahrrad-ch.json';
const REASONS = 'definitions/contract-reasons.json';

/** The check's messages (file pointer: message) after replacing some files' `service` or whole value. */
function messages(changes: Record<string, (file: JsonObject) => void>): string[] {
  const files = realFiles().map((file) => {
    const change = changes[file.path];
    if (!change) return file;
    const value = realJson(file.path);
    change(value);
    return { path: file.path, text: pretty(value) };
  });
  return errorsOf(files).map((e) => `${e.file} ${e.pointer}: ${e.message}`);
}

/** Sets the service of both bike tariffs (every tariff of a line declares the same). */
const bikeService = (service: JsonObject) => ({
  [BIKE]: (file: JsonObject) => (file['service'] = service),
  [SWISS_BIKE]: (file: JsonObject) => (file['service'] = service),
});

describe('the definitions check of the lines after the sale (service)', () => {
  it('accepts the real tariffs and common reasons', () => {
    expect(messages({})).toEqual([]);
  });

  it('names a reason listed twice, and a line reason that is a common one', () => {
    expect(
      messages(
        bikeService({
          terminationReasons: [
            { key: 'FAHRRAD_VERKAUFT', label: 'Verkauf des Fahrrads' },
            { key: 'FAHRRAD_VERKAUFT', label: 'Verkauft' },
            { key: 'SONSTIGES', label: 'Etwas anderes' },
          ],
        }),
      ).filter((m) => m.startsWith(BIKE)),
    ).toEqual([
      `${BIKE} /service/terminationReasons/1/key: the reason "FAHRRAD_VERKAUFT" is listed twice (first at /service/terminationReasons/0)`,
      `${BIKE} /service/terminationReasons/2/key: "SONSTIGES" is a reason of every line already (definitions/contract-reasons.json): list it there only`,
    ]);
  });

  it('names a common reason listed twice', () => {
    expect(
      messages({
        [REASONS]: (file) => {
          file['otherTerminationReason'] = { key: 'BEITRAGSERHOEHUNG', label: 'Sonstiger Grund' };
        },
      }),
    ).toEqual([
      `${REASONS} /otherTerminationReason/0/key: the reason "BEITRAGSERHOEHUNG" is listed twice (first at /commonTerminationReasons/1)`,
    ]);
  });

  it('names a policy fact whose texts the documents bundle lacks or whose rule reads no contract field', () => {
    expect(
      messages(
        bikeService({
          terminationReasons: [],
          documentFacts: [
            { label: 'contract.policy.rahmen', value: { var: 'fahrrad.rahmennummer' } },
            {
              label: 'contract.policy.bike',
              value: { var: 'rad' },
              text: 'contract.policy.radText',
            },
          ],
        }),
      ).filter((m) => m.startsWith(BIKE)),
    ).toEqual([
      `${BIKE} /service/documentFacts/0/label: the text "contract.policy.rahmen" is not in definitions/locales/de/documents.json: add it there or name a key it has`,
      `${BIKE} /service/documentFacts/1/value: "rad" is no field of the contract view (definitions/schema/contract-view.schema.json)`,
      `${BIKE} /service/documentFacts/1/text: the text "contract.policy.radText" is not in definitions/locales/de/documents.json: add it there or name a key it has`,
    ]);
  });

  it('names a tariff whose service differs from another tariff of its line', () => {
    expect(
      messages({
        [BIKE]: (file) => {
          file['service'] = { terminationReasons: [] };
        },
      }),
    ).toEqual([
      `${BIKE} /service: this service differs from fahrrad-ch.json's: every tariff of the line FAHRRAD declares the same service`,
    ]);
  });

  it("lets a policy fact read the line's own part", () => {
    const ownPart = (file: JsonObject) => {
      (file['parts'] as JsonObject)['rahmen'] = {
        type: 'object',
        properties: { farbe: { type: 'string' } },
      };
      file['service'] = {
        terminationReasons: [],
        documentFacts: [{ label: 'contract.policy.frame', value: { var: 'rahmen.farbe' } }],
      };
    };
    expect(messages({ [BIKE]: ownPart, [SWISS_BIKE]: ownPart })).toEqual([]);
  });
});
