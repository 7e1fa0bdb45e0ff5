import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkDefinitionSet } from '#engine';
import { readJsonFiles } from '../../codegen/schemaFiles.ts';
import { contracts } from '../../apps/server/src/db/schema/index.ts';
import { linePartsOf, viewProblems } from '../../apps/server/src/contracts/lineParts.ts';
import {
  storeContractView,
  type LineContractView,
} from '../../apps/server/src/contracts/storeView.ts';
import { loadTariffs } from '../../apps/server/src/tariffs/index.ts';
import { createAjv } from '../../engine/validation/createAjv.ts';
import viewSchema from '../../definitions/schema/contract-view.schema.json' with { type: 'json' };
import { definitionsWithFixture } from '../support/fixtureDefinitions.ts';
import { ANNA, BASE } from './helpers/contractApi.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

// Drone liability, a line written only as data (tests/fixtures/drone-contract): its tariff declares
// a part of its own (`drohne`, with its own schema) and the spec's `neueSelbstbeteiligung`.
const root = definitionsWithFixture('drone-contract');
const tariffs = loadTariffs(join(root, 'definitions', 'tariffs'));
const lines = linePartsOf(tariffs);
const OWNER = { partnerNummer: '2000101', vermittlerNummer: null, brand: 'andsafe' as const };
const DROHNE = { hersteller: 'Skyworks', seriennummer: 'SW-2025-0042', startgewichtGramm: 895 };

let server: TestServer;
let template: LineContractView;

beforeAll(async () => {
  server = await startTestServer({ tariffs });
  // One of Anna Schmidt's contracts as the answer's shape; the drone contract replaces what
  // differs (how a contract is issued is not this test's concern).
  const response = await server.app.inject({
    method: 'GET',
    url: `${BASE}/AS-10000103`,
    headers: ANNA,
  });
  template = response.json<LineContractView>();
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A view of a drone contract with `changes` laid over it. */
const droneView = (nummer: string, changes: Record<string, unknown> = {}): LineContractView => ({
  ...template,
  versicherungsNummer: nummer,
  produkt: 'DROHNE',
  produktIdentifier: 'DROHNE',
  deckungsIdentifier: 'DROHNE_BASIS',
  versicherungsName: 'Drohnen-Haftpflicht',
  fahrrad: null,
  risikoOrt: null,
  neueSelbstbeteiligung: 'SB_250',
  drohne: DROHNE,
  ...changes,
});

const read = async (nummer: string) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `${BASE}/${nummer}`,
    headers: ANNA,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
};

const stored = async (nummer: string) =>
  server.db.database.db
    .select({ nummer: contracts.versicherungsNummer })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, nummer));

describe('a contract of a line with a part of its own', () => {
  it('the fixture line passes the definitions check', () => {
    expect(checkDefinitionSet(readJsonFiles(root)).errors).toEqual([]);
  }, 120_000);

  it('is stored and answered with its part, every spec part it lacks as null', async () => {
    await storeContractView(server.db.database.db, droneView('DR-V0000001'), OWNER, [], lines);
    const view = await read('DR-V0000001');
    expect(view['produkt']).toBe('DROHNE');
    expect(view['drohne']).toEqual(DROHNE);
    expect(view['neueSelbstbeteiligung']).toBe('SB_250');
    for (const part of Object.keys(viewSchema.$defs.teile.properties))
      if (part !== 'neueSelbstbeteiligung') expect(view[part], part).toBeNull();
    // The line's view (the spec's with the line's own part) describes it; the spec's alone does not.
    expect(viewProblems(lines, view as LineContractView)).toBeNull();
    expect(createAjv().compile(viewSchema)(view)).toBe(false);
  });

  it('refuses a part that does not fit its schema, naming the part, the tariff and the field', async () => {
    const view = droneView('DR-V0000002', { drohne: { ...DROHNE, seriennummer: 'sw 42' } });
    await expect(storeContractView(server.db.database.db, view, OWNER, [], lines)).rejects.toThrow(
      'contract DR-V0000002 (DROHNE): the part "drohne" does not fit its schema (definitions/tariffs/drohne.json, parts.drohne): /seriennummer must match pattern "^[A-Z0-9-]{4,30}$"',
    );
    expect(await stored('DR-V0000002')).toEqual([]);
  });

  it('refuses a part of the spec the line does not declare, and a product no tariff declares', async () => {
    const bike = droneView('DR-V0000003', { fahrrad: template['fahrrad'] });
    await expect(storeContractView(server.db.database.db, bike, OWNER, [], lines)).rejects.toThrow(
      'contract DR-V0000003 (DROHNE): the line DROHNE declares no part "fahrrad" (definitions/tariffs/drohne.json, parts)',
    );
    const unknown = droneView('DR-V0000004', { produkt: 'ZEPPELIN' });
    await expect(
      storeContractView(server.db.database.db, unknown, OWNER, [], lines),
    ).rejects.toThrow(
      'contract DR-V0000004 (ZEPPELIN): no tariff declares the product ZEPPELIN (definitions/tariffs/*.json, products)',
    );
    expect([...(await stored('DR-V0000003')), ...(await stored('DR-V0000004'))]).toEqual([]);
  });
});
