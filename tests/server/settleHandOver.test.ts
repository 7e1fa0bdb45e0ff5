import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { createSettlement, settleDue } from '../../apps/server/src/contracts/settle.ts';
import { changeEvents, contracts, pendingChanges } from '../../apps/server/src/db/schema/index.ts';
import { defaultTariffs } from '../../apps/server/src/tariffs/index.ts';
import { defaultChangeKinds } from '../../apps/server/src/contracts/changeCatalogue.ts';
import { startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

// A server shutting down hands its settle work back: its sweep stops after the contract it is
// settling (one transaction each, so nothing is half-written) and another process's sweep
// settles the rest, each change exactly once.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ settleIntervalMs: 0 });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const DAY = '2025-07-01';

describe('a sweep stopped by shutdown', () => {
  it('leaves whole contracts settled or untouched, and another sweep settles the rest once', async () => {
    const db = server.db.database.db;
    const tariffs = { tariffs: defaultTariffs(), kinds: defaultChangeKinds() };
    // Running contracts with nothing pending of their own.
    const pending = new Set(
      (
        await db
          .select({ id: pendingChanges.versicherungsNummer })
          .from(pendingChanges)
          .where(isNull(pendingChanges.angewendetAm))
      ).map((row) => row.id),
    );
    const active = (
      await db
        .select({ id: contracts.versicherungsNummer })
        .from(contracts)
        .where(eq(contracts.vertragsstatus, 'LAUFEND'))
        .orderBy(contracts.versicherungsNummer)
    )
      .map((row) => row.id)
      .filter((id) => !pending.has(id))
      .slice(0, 4);
    expect(active).toHaveLength(4);
    expect(TODAY < DAY).toBe(true);
    await db.insert(pendingChanges).values(
      active.map((id) => ({
        versicherungsNummer: id,
        art: 'ZAHLWEISE' as const,
        wert: 'HALBJAEHRLICH',
        wirksamAb: DAY,
      })),
    );
    const open = async () =>
      (
        await db
          .select({ id: pendingChanges.versicherungsNummer })
          .from(pendingChanges)
          .where(
            and(
              inArray(pendingChanges.versicherungsNummer, active),
              isNull(pendingChanges.angewendetAm),
            ),
          )
      ).map((row) => row.id);
    const effective = async () =>
      (
        await db
          .select({ id: changeEvents.versicherungsnummer })
          .from(changeEvents)
          .where(
            and(
              inArray(changeEvents.versicherungsnummer, active),
              eq(changeEvents.typ, 'ZahlweiseGeaendert'),
              eq(changeEvents.wirksamkeitsdatum, DAY),
            ),
          )
      ).map((row) => row.id);

    // Shutdown arrives while the sweep runs: it ends before the next contract.
    const stopping = createSettlement(
      db,
      tariffs,
      () => DAY,
      () => undefined,
      false,
    );
    const swept = stopping.sweep();
    stopping.stop();
    await stopping.idle();
    expect((await swept).applied).toBe(0);
    expect(await stopping.sweep()).toMatchObject({ applied: 0 });
    expect(await open()).toHaveLength(4);

    // Stopped after one contract: that one is settled whole (its change and its event), the
    // other three are untouched.
    let asked = 0;
    const first = await settleDue(db, tariffs, DAY, { stopped: () => asked++ >= 1 });
    expect(first.applied).toBe(1);
    const settled = await effective();
    expect(settled).toHaveLength(1);
    expect(await open()).toEqual(active.filter((id) => id !== settled[0]));

    // Another process's sweep picks up the rest: every change took effect exactly once.
    const rest = await settleDue(db, tariffs, DAY);
    expect(rest.applied).toBe(3);
    expect(await open()).toEqual([]);
    expect((await effective()).sort()).toEqual([...active].sort());
  });
});
