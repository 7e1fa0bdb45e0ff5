import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';

const FAHRRAD = 'definitions/applications/fahrrad.json';
const REISE = 'definitions/applications/reise.json';

/**
 * The errors (file pointer: message) of the real files with some files replaced; only those of
 * the replaced files (a flow with problems also leaves its tariff without a flow).
 */
function messages(changes: Record<string, JsonObject>): string[] {
  let files = withFile(FAHRRAD, pretty(realJson(FAHRRAD)));
  for (const [path, value] of Object.entries(changes)) files = withFile(path, pretty(value), files);
  return errorsOf(files)
    .filter((e) => e.file in changes || Object.keys(changes).length === 0)
    .map((e) => `${e.file} ${e.pointer}: ${e.message}`);
}

const advice = (definition: JsonObject): JsonObject =>
  (definition['documents'] as JsonObject)['advice'] as JsonObject;
const stepOf = (definition: JsonObject, id: string): JsonObject =>
  (definition['steps'] as JsonObject[]).find((s) => s['id'] === id) as JsonObject;

describe('the definitions check of documents, download and links blocks', () => {
  it('accepts the real flows and documents', () => {
    expect(messages({})).toEqual([]);
  });

  it('names a needs step, a decision or a recommendation the flow does not have', () => {
    const bike = realJson(FAHRRAD);
    advice(bike)['needsStep'] = 'bedarf';
    advice(bike)['decision'] = 'empfehlung.wahl';
    advice(bike)['recommendationKeys'] = ['Recommendation.theft', 'Bike.forCustomer'];
    expect(messages({ [FAHRRAD]: bike })).toEqual([
      `${FAHRRAD} /documents/advice/needsStep: there is no step with a form called "bedarf" to take the customer's needs from`,
      `${FAHRRAD} /documents/advice/decision: the flow has no field "empfehlung.wahl" to take the customer's decision from`,
      `${FAHRRAD} /documents/advice/recommendationKeys/1: "Bike.forCustomer" is the text of no content block of step "empfehlung"; a recommendation is a text the decision's step shows`,
    ]);
  });

  it('wants the decision to be a choice after the needs', () => {
    const bike = realJson(FAHRRAD);
    advice(bike)['decision'] = 'fahrrad.hersteller';
    expect(messages({ [FAHRRAD]: bike })).toContainEqual(
      `${FAHRRAD} /documents/advice/decision: "fahrrad.hersteller" has no enum; the decision must be a choice whose option labels the record prints`,
    );
    const travel = realJson(REISE);
    const needs = stepOf(travel, 'beratung');
    advice(travel)['needsStep'] = 'reise';
    expect(needs['id']).toBe('beratung');
    expect(messages({ [REISE]: travel })).toContainEqual(
      `${REISE} /documents/advice/decision: the decision "empfehlung.entscheidung" comes before the needs step "reise"; it follows the recommendation`,
    );
  });

  it('checks a download like a call and a link like a load, and names a missing label', () => {
    const bike = realJson(FAHRRAD);
    const blocks = stepOf(bike, 'zusammenfassung')['content'] as JsonObject[];
    const download = blocks.find((b) => b['type'] === 'download') as JsonObject;
    download['endpoint'] = 'application-offerte';
    const links = blocks.find((b) => b['type'] === 'links') as JsonObject;
    const [link] = links['links'] as JsonObject[];
    (link as JsonObject)['params'] = { name: 'kundeninformation' };
    (link as JsonObject)['labelKey'] = 'Documents.fehlt';
    const found = messages({ [FAHRRAD]: bike });
    const at = (pointer: string) => `${FAHRRAD} /steps/10/content/${pointer}`;
    expect(found).toContainEqual(
      `${at('4/endpoint')}: unknown endpoint "application-offerte"; it must be declared in definitions/api/endpoints.json`,
    );
    expect(found).toContainEqual(
      `${at('2/links/0')}: endpoint "document-customer-information" (/api/dokumente/kundeninformation/{code}) needs the path parameter "code" in params`,
    );
    expect(found).toContainEqual(
      `${at('2/links/0/params/name')}: endpoint "document-customer-information" has no path parameter "name"`,
    );
    expect(found).toContainEqual(
      `${at('2/links/0/labelKey')}: the text "Documents.fehlt" (named here) is missing in definitions/locales/de/fahrrad.json`,
    );
  });

  it('wants a download of the application service to name its own flow', () => {
    const bike = realJson(FAHRRAD);
    const blocks = stepOf(bike, 'zusammenfassung')['content'] as JsonObject[];
    (blocks[5] as JsonObject)['params'] = { flow: 'reise' };
    expect(messages({ [FAHRRAD]: bike })).toEqual([
      `${FAHRRAD} /steps/10/content/5/params/flow: the flow parameter must be this flow's id "fahrrad", not "reise"`,
    ]);
  });

  it('lets a download read the answers and a link only earlier answers', () => {
    const bike = realJson(FAHRRAD);
    const blocks = stepOf(bike, 'zusammenfassung')['content'] as JsonObject[];
    const links = blocks.find((b) => b['type'] === 'links') as JsonObject;
    ((links['links'] as JsonObject[])[0] as JsonObject)['visibleWhen'] = {
      var: 'data.einwilligungen.werbung',
    };
    expect(messages({ [FAHRRAD]: bike })).toEqual([
      `${FAHRRAD} /steps/10/content/2/links/0/visibleWhen: reads "data.einwilligungen.werbung", but step "einwilligungen" comes later; a rule may read only earlier answers`,
    ]);
  });

  it('gives each print product code and each contract product one customer information', () => {
    const path = 'definitions/documents/kundeninformation-bhv-wechseltarif.json';
    const document = realJson(path);
    document['code'] = 'BHV';
    document['contractProducts'] = ['BHV_1'];
    const other = 'definitions/documents/kundeninformation-bhv.json';
    expect(messages({ [path]: document, [other]: realJson(other) })).toEqual([
      `${other} /code: the customer information of BHV is already ${path}`,
      `${other} /contractProducts/0: contracts of BHV_1 already list the customer information ${path}`,
    ]);
  });

  it('offers each consent kind once, and only on a document of kind dokument', () => {
    const travel = 'definitions/documents/einwilligung-reisegesundheit.json';
    const injury = 'definitions/documents/einwilligung-personenschaeden.json';
    const document = realJson(travel);
    (document['consent'] as JsonObject)['art'] = 'PERSONENSCHAEDEN';
    expect(messages({ [injury]: realJson(injury), [travel]: document })).toEqual([
      `${travel} /consent/art: the consent kind PERSONENSCHAEDEN is already ${injury}`,
    ]);
    const information = 'definitions/documents/kundeninformation-bhv.json';
    const withConsent = realJson(information);
    withConsent['consent'] = { art: 'BETRIEB', label: 'Betrieb' };
    expect(messages({ [information]: withConsent }).length).toBeGreaterThan(0);
  });

  it('names the file of a document whose id is not its name, and a document without sections', () => {
    const path = 'definitions/documents/vermittlerinformation.json';
    const document = realJson(path);
    document['id'] = 'erstinformation';
    document['sections'] = [];
    const found = messages({ [path]: document });
    expect(found.some((m) => m.startsWith(`${path} /sections`))).toBe(true);
    document['sections'] = realJson(path)['sections'];
    expect(messages({ [path]: document })).toEqual([
      `${path} /id: id must equal the file name "vermittlerinformation"`,
    ]);
  });
});
