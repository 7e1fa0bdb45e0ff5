import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../engine/validation/createAjv.ts';
import { contracts } from '../../apps/server/src/db/schema/index.ts';
import { linePartsOf, partsOfView } from '../../apps/server/src/contracts/lineParts.ts';
import { defaultTariffs } from '../../apps/server/src/tariffs/index.ts';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const schema = JSON.parse(
  readFileSync('definitions/schema/contract-view.schema.json', 'utf8'),
) as Record<string, unknown>;

describe('the contract view and its schema (definitions/schema/contract-view.schema.json)', () => {
  it('every seeded contract, as its owner reads it, is exactly what the schema describes', async () => {
    const validate = createAjv().compile(schema);
    const rows = await server.db.database.db
      .select({ id: contracts.versicherungsNummer, partner: contracts.partnerNummer })
      .from(contracts);
    expect(rows.length).toBeGreaterThan(10);
    const products = new Set<string>();
    for (const row of rows) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/vertrag/vertrag/${row.id}`,
        headers: asCustomer(row.partner),
      });
      expect(response.statusCode).toBe(200);
      const view = response.json<{ versicherungsNummer: string; produkt: string }>();
      products.add(view.produkt);
      const valid = validate(view);
      expect(valid ? [] : validate.errors, row.id).toEqual([]);
      // Every part it has is one its line declares (the tariff's parts), fitting its schema.
      expect(() => partsOfView(linePartsOf(defaultTariffs()), view), row.id).not.toThrow();
    }
    // The seed covers every product, so every product part of the schema is checked.
    expect(products.size).toBe(12);
  });

  it('refuses a view with a field the schema does not describe (rules could read a typo)', () => {
    const validate = createAjv().compile(schema);
    expect(validate({ versicherungsNummer: 'X', unbekannt: true })).toBe(false);
  });
});
