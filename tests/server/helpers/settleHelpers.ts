import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { defaultChangeKinds } from '../../../apps/server/src/contracts/changeCatalogue.ts';
import { changeEvents } from '../../../apps/server/src/db/schema/index.ts';
import { defaultTariffs } from '../../../apps/server/src/tariffs/index.ts';
import { TODAY, type TestServer } from './testDatabase.ts';

// What the settle tests share (contractSettle, contractSettleConcurrency): the repository's
// pricing, days counted from the tests' today, and reads, saves and events of one server.

/** The repository's tariffs and change kinds, as a server without a definitions root has them. */
export const PRICING = { tariffs: defaultTariffs(), kinds: defaultChangeKinds() };

/** The day `days` after the tests' today. */
export const plusDays = (days: number): string => {
  const day = new Date(`${TODAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

export const BASE = '/api/vertrag/vertrag';

/** A contract view as the settle tests read it. */
export type View = Record<string, unknown> & {
  lastUpdated: string;
  versicherungsPraemie: number;
  jahresVersicherungsPraemie: number;
};

/** The contract view a caller reads (200 expected). */
export async function viewOn(
  server: TestServer,
  id: string,
  headers: Record<string, string>,
): Promise<View> {
  const response = await server.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<View>();
}

/** A call of the contract API below BASE. */
export const sendTo = (
  server: TestServer,
  method: 'PATCH' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
) => server.app.inject({ method, url: `${BASE}/${url}`, headers, payload });

/** The change events of a contract of one type. */
export async function eventsOn(server: TestServer, id: string, typ: string) {
  return server.db.database.db
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.versicherungsnummer, id), eq(changeEvents.typ, typ)));
}

/**
 * The reads, saves and events of the server a test file currently runs (`current` is asked at
 * each call: a file may start a server per group of tests).
 */
export function settleCalls(current: () => TestServer) {
  return {
    view: (id: string, headers: Record<string, string>) => viewOn(current(), id, headers),
    send: (
      method: 'PATCH' | 'POST',
      url: string,
      headers: Record<string, string>,
      payload: Record<string, unknown>,
    ) => sendTo(current(), method, url, headers, payload),
    eventsOf: (id: string, typ: string) => eventsOn(current(), id, typ),
  };
}
