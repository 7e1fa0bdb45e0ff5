import { expect } from 'vitest';
import { count } from 'drizzle-orm';
import type {
  auditLog,
  changeEvents,
  idempotencyKeys,
  pendingChanges,
} from '../../../apps/server/src/db/schema/index.ts';
import { asCustomer, type TestServer } from './testDatabase.ts';

/** Base path of the contract API. */
export const BASE = '/api/vertrag/vertrag';
/** Anna Schmidt (2000101), the customer most contract tests act as. */
export const ANNA = asCustomer('2000101');

/** The fields of the contract view the save tests look at. */
export interface View {
  lastUpdated: string;
  zahlweise: string;
  versicherungsPraemie: number;
  jahresVersicherungsPraemie: number;
  vorgemerkteZahlweise: unknown[];
  neueSelbstbeteiligung: string | null;
}

type CountedTable =
  typeof changeEvents | typeof auditLog | typeof pendingChanges | typeof idempotencyKeys;

/**
 * Calls of the contract API for a test file's server (read through a getter, as the server starts
 * in beforeAll): read a contract, PATCH a change, count the rows of a table.
 */
export function contractApi(server: () => TestServer) {
  return {
    async view(id: string, headers: Record<string, string> = ANNA): Promise<View> {
      const response = await server().app.inject({ method: 'GET', url: `${BASE}/${id}`, headers });
      expect(response.statusCode).toBe(200);
      return response.json<View>();
    },
    patch: (id: string, payload: unknown, headers: Record<string, string> = ANNA) =>
      server().app.inject({
        method: 'PATCH',
        url: `${BASE}/${id}`,
        headers,
        payload: payload as Record<string, unknown>,
      }),
    async rows(table: CountedTable): Promise<number> {
      const [row] = await server().db.database.db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    },
  };
}
