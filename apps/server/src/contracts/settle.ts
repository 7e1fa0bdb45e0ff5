import { roundHalfAway } from '#engine';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  changeEvents,
  contracts,
  contractTasks,
  pendingChanges,
  type PendingChangeArt,
} from '../db/schema/index.ts';
import { calculatePremium, isPriced, type TariffCatalogue } from '../tariffs/index.ts';
import type { ContractRow } from './access.ts';
import { pricingInputOf, type ChangePricing } from './changeCatalogue.ts';
import { contractCurrency } from './pricingInput.ts';
import { isActive } from './contractView.ts';
import { partOf, setOf } from './parts.ts';
import { priceChanges } from './quote.ts';
import { NEXT_VERSION, premiumColumns } from './saveChange.ts';

/** What a settlement did (for tests and the log). */
export interface Settled {
  /** Pending changes that took effect. */
  applied: number;
  /** Pending changes dropped because the contract ended before their day. */
  dropped: number;
  /** Expiring contracts that ended. */
  ended: number;
  /** Revenue tasks that ran out. */
  tasks: number;
  /** Contracts whose settlement failed (logged; the next settlement tries again). */
  failed: number;
}

/** Which contracts a settlement looks at: all, one, or one partner's. */
export type SettleScope = { all: true } | { contract: string } | { partner: string };

const nothingSettled = (): Settled => ({ applied: 0, dropped: 0, ended: 0, tasks: 0, failed: 0 });

const addDays = (iso: string, days: number): string => {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/** The contracts of `scope` with something due on `today` (plain reads: nothing is locked). */
async function dueContracts(db: Db, today: string, scope: SettleScope): Promise<string[]> {
  const id = sql.raw('versicherungs_nummer');
  const within =
    'contract' in scope
      ? sql`AND ${id} = ${scope.contract}`
      : 'partner' in scope
        ? sql`AND ${id} IN (SELECT versicherungs_nummer FROM ${contracts} WHERE partner_nummer = ${scope.partner})`
        : sql``;
  const result = await db.execute(sql`
    SELECT ${id} AS id FROM ${pendingChanges}
      WHERE angewendet_am IS NULL AND wirksam_ab <= ${today} ${within}
    UNION SELECT ${id} FROM ${contracts}
      WHERE vertragsstatus = 'AUSLAUFEND' AND coalesce(beendigungsdatum, ablaufdatum) < ${today} ${within}
    UNION SELECT ${id} FROM ${contractTasks}
      WHERE status = 'Offen' AND faellig_am < ${today} ${within}`);
  return ((result as { rows?: { id: string }[] }).rows ?? []).map((row) => row.id);
}

/**
 * Lets everything that is due on `today` take effect, contract by contract: pending changes whose
 * day has come, the end of an expiring contract after its end date, and revenue reminders that ran
 * out. Each contract is settled in its own transaction holding its row lock, and every step claims
 * its row with a conditional update, so with several server processes each change takes effect and
 * writes its event exactly once. A contract that fails is reported to `onError` and counted; the
 * others are settled all the same.
 */
export async function settleDue(
  db: Db,
  pricing: ChangePricing,
  today: string,
  options: {
    scope?: SettleScope;
    onError?: (error: unknown, id: string) => void;
    /** Asked before each contract: true ends the run there (the rest stays due for others). */
    stopped?: () => boolean;
  } = {},
): Promise<Settled> {
  const total = nothingSettled();
  for (const id of await dueContracts(db, today, options.scope ?? { all: true })) {
    if (options.stopped?.()) break;
    try {
      const done = await settleContract(db, pricing, id, today);
      total.applied += done.applied;
      total.dropped += done.dropped;
      total.ended += done.ended;
      total.tasks += done.tasks;
    } catch (error) {
      total.failed += 1;
      if (!options.onError) throw error;
      options.onError(error, id);
    }
  }
  return total;
}

/** The last day an expiring contract is in force (its cancellation's date, else its expiry). */
const lastDayOf = (row: ContractRow): string | null =>
  row.vertragsstatus === 'AUSLAUFEND' ? (row.beendigungsdatum ?? row.ablaufdatum) : null;

/** Settles one contract (see {@link settleDue}). */
export async function settleContract(
  db: Db,
  pricing: ChangePricing,
  id: string,
  today: string,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const done = nothingSettled();
    const [locked] = await tx
      .select()
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, id))
      .for('update');
    if (!locked) return done;
    let row: ContractRow = locked;
    const due = await tx
      .select()
      .from(pendingChanges)
      .where(
        and(
          eq(pendingChanges.versicherungsNummer, id),
          isNull(pendingChanges.angewendetAm),
          lte(pendingChanges.wirksamAb, today),
        ),
      )
      .orderBy(asc(pendingChanges.wirksamAb), asc(pendingChanges.id));
    for (const change of due) {
      // A change whose day comes after the contract's last day (or of a contract no longer in
      // force: revoked, ended) never takes effect: it is dropped, without an event.
      const lastDay = lastDayOf(row);
      if (!isActive(row.vertragsstatus) || (lastDay !== null && change.wirksamAb > lastDay)) {
        const gone = await tx
          .delete(pendingChanges)
          .where(and(eq(pendingChanges.id, change.id), isNull(pendingChanges.angewendetAm)))
          .returning({ id: pendingChanges.id });
        done.dropped += gone.length;
        continue;
      }
      const claimed = await tx
        .update(pendingChanges)
        .set({ angewendetAm: today })
        .where(and(eq(pendingChanges.id, change.id), isNull(pendingChanges.angewendetAm)))
        .returning({ id: pendingChanges.id });
      if (claimed.length === 0) continue;
      row = await applyChange(tx, pricing, row, change.art, change.wert, change.wirksamAb);
      done.applied += 1;
    }
    // An expiring contract ends after its last day.
    const endDay = lastDayOf(row);
    if (endDay && endDay < today) {
      const [ended] = await tx
        .update(contracts)
        .set({
          vertragsstatus: 'BEENDET',
          kuendbar: 'NEIN',
          beendigungsdatum: endDay,
          lastUpdated: NEXT_VERSION,
        })
        .where(
          and(eq(contracts.versicherungsNummer, id), eq(contracts.vertragsstatus, 'AUSLAUFEND')),
        )
        .returning();
      if (ended) {
        await tx.insert(changeEvents).values({
          typ: 'VertragBeendet',
          versicherungsnummer: id,
          wirksamkeitsdatum: endDay,
          partnernummer: row.partnerNummer,
          partnerKenntnisstand: row.lastUpdated,
          payload: { alterStatus: 'AUSLAUFEND', neuerStatus: 'BEENDET' },
        });
        row = ended;
        done.ended += 1;
      }
    }
    done.tasks += await runRevenueTasks(tx, pricing.tariffs, row, today);
    return done;
  });
}

/** Applies one change to the locked contract, re-prices it and writes its event; the new row. */
async function applyChange(
  tx: Db,
  pricing: ChangePricing,
  row: ContractRow,
  art: PendingChangeArt,
  wert: unknown,
  wirksamAb: string,
): Promise<ContractRow> {
  const kindName = pricing.kinds.kindOfArt(art);
  if (kindName === undefined) throw new Error(`No change declares the pending kind ${art}`);
  const kind = pricing.kinds.spec(kindName);
  const context = { row, tariffs: pricing.tariffs };
  // Priced as the quote priced it, on its own day: the same rating (or contract sections).
  const { input, result: price } = priceChanges(
    pricing,
    row,
    [{ kind: kindName, value: wert }],
    wirksamAb,
    wirksamAb,
  );
  const priced = isPriced(price);
  const [updated] = await tx
    .update(contracts)
    .set({
      ...setOf({
        ...kind.columns(wert, { ...context, input }),
        ...(priced ? premiumColumns(price) : {}),
        wirksamkeitsdatum: wirksamAb,
      }),
      lastUpdated: NEXT_VERSION,
    })
    .where(eq(contracts.versicherungsNummer, row.versicherungsNummer))
    .returning();
  await kind.onEffective?.(tx, wert, row);
  await tx.insert(changeEvents).values({
    typ: kind.eventTyp,
    versicherungsnummer: row.versicherungsNummer,
    wirksamkeitsdatum: wirksamAb,
    partnernummer: row.partnerNummer,
    partnerKenntnisstand: row.lastUpdated,
    payload: {
      neu: wert,
      alt: kind.current(row),
      beitrag: priced ? price.beitrag : row.versicherungsPraemie,
      alterBeitrag: row.versicherungsPraemie,
      wirksamGeworden: true,
      ...(priced ? kind.eventFields?.(wert, context, price) : {}),
    },
  });
  return updated ?? row;
}

/**
 * Revenue reminders that ran out: the first becomes Storniert and a second follows; when the
 * second (or an open automatic adjustment) runs out, the revenue is raised by the tariff's
 * percentage and the contract re-priced (UmsatzAutomatischAnpassen, stored as Erledigt). Tasks of
 * a contract that is no longer active, or has no revenue, are Storniert. Returns the tasks closed.
 */
async function runRevenueTasks(
  tx: Db,
  tariffs: TariffCatalogue,
  start: ContractRow,
  today: string,
): Promise<number> {
  const rules = tariffs.get(start.produkt, contractCurrency(start))?.revenueReminders;
  let row = start;
  let closed = 0;
  // A clock moved far ahead may run out the second reminder the first one created.
  for (let round = 0; round < 3; round += 1) {
    const open = await tx
      .select()
      .from(contractTasks)
      .where(
        and(
          eq(contractTasks.versicherungsNummer, row.versicherungsNummer),
          eq(contractTasks.status, 'Offen'),
          sql`${contractTasks.faelligAm} < ${today}`,
        ),
      )
      .orderBy(asc(contractTasks.faelligAm), asc(contractTasks.id));
    if (open.length === 0) break;
    for (const task of open) {
      const usable = rules && partOf(row, 'jahresumsatz') && isActive(row.vertragsstatus);
      const adjust = usable && task.typ !== 'UmsatzErinnern1';
      const [claimed] = await tx
        .update(contractTasks)
        .set(
          adjust && task.typ === 'UmsatzAutomatischAnpassen'
            ? { status: 'Erledigt', erledigtAm: today }
            : { status: 'Storniert', erledigtAm: today },
        )
        .where(and(eq(contractTasks.id, task.id), eq(contractTasks.status, 'Offen')))
        .returning({ id: contractTasks.id });
      if (!claimed) continue;
      closed += 1;
      if (!usable || !rules) continue;
      if (task.typ === 'UmsatzErinnern1') {
        await tx.insert(contractTasks).values({
          versicherungsNummer: row.versicherungsNummer,
          typ: 'UmsatzErinnern2',
          faelligAm: addDays(task.faelligAm, rules.secondReminderAfterDays),
        });
        continue;
      }
      row = await adjustRevenue(tx, tariffs, row, rules.automaticAdjustmentPercent, task.faelligAm);
      if (task.typ === 'UmsatzErinnern2')
        await tx.insert(contractTasks).values({
          versicherungsNummer: row.versicherungsNummer,
          typ: 'UmsatzAutomatischAnpassen',
          status: 'Erledigt',
          faelligAm: task.faelligAm,
          erledigtAm: today,
        });
    }
  }
  return closed;
}

/** Raises the revenue on file by `percent` (whole euros), re-prices, writes its event. */
async function adjustRevenue(
  tx: Db,
  tariffs: TariffCatalogue,
  row: ContractRow,
  percent: number,
  day: string,
): Promise<ContractRow> {
  const jahresumsatz = partOf(row, 'jahresumsatz');
  const alt = jahresumsatz?.value ?? 0;
  const neu = roundHalfAway(alt * (1 + percent / 100), 0);
  const input = { ...pricingInputOf(row, day), jahresumsatz: neu };
  const price = calculatePremium(tariffs, input);
  const priced = isPriced(price);
  const [updated] = await tx
    .update(contracts)
    .set({
      ...setOf({
        jahresumsatz: { value: neu, isAdjustable: jahresumsatz?.isAdjustable ?? true },
        ...(priced ? premiumColumns(price) : {}),
      }),
      lastUpdated: NEXT_VERSION,
    })
    .where(eq(contracts.versicherungsNummer, row.versicherungsNummer))
    .returning();
  await tx.insert(changeEvents).values({
    typ: 'JahresumsatzAutomatischAngepasst',
    versicherungsnummer: row.versicherungsNummer,
    wirksamkeitsdatum: day,
    partnernummer: row.partnerNummer,
    partnerKenntnisstand: row.lastUpdated,
    payload: {
      jahresumsatz: neu,
      alterJahresumsatz: alt,
      beitrag: priced ? price.beitrag : row.versicherungsPraemie,
      alterBeitrag: row.versicherungsPraemie,
      prozent: percent,
    },
  });
  return updated ?? row;
}

/** Settling as a server runs it (see {@link createSettlement}). */
export interface Settlement {
  /**
   * Settles every contract with something due (at start, on the interval, and kicked off by the
   * first request of a new day). A sweep already running for today is shared, not repeated.
   */
  sweep(): Promise<Settled>;
  /**
   * Settles the contracts a request concerns before it is answered, so a read, a quote and a save
   * on or after an effective date see the change applied: one small query per contract, and a
   * transaction only when something is due. With `trustSweep`, once today's sweep finished without
   * a failure this costs nothing.
   */
  before(scope: SettleScope): Promise<void>;
  /** Resolves when no sweep is running (the server closes after it). */
  idle(): Promise<void>;
  /**
   * Hands the work back (a server shutting down): a running sweep ends after the contract it is
   * settling (whose transaction commits or rolls back whole) and no new sweep starts. What is left
   * stays due: another process's sweep, or the request that concerns it, settles it.
   */
  stop(): void;
}

/**
 * Settlement over one database on the server's clock; failures go to `log` and are retried.
 *
 * `issue`: issues the submitted applications whose day has come (applications/issue.ts), all of
 * them before a sweep settles, a customer's before a request that names the customer.
 *
 * `trustSweep`: whether a finished sweep settles a whole day. Nothing this process writes falls
 * due later on the day it is written (a save effective today takes effect at once, reminders run
 * out at the change of day), so where every writer of the database shares this clock (embedded
 * PGlite: this process is the one writer) requests after today's sweep need no look. Several
 * processes on PostgreSQL do not share a clock to the millisecond: one still on yesterday may
 * save a change effective today after this one swept, so there every request looks.
 */
export function createSettlement(
  db: Db,
  pricing: ChangePricing,
  today: () => string,
  log: (error: unknown, message: string) => void,
  trustSweep: boolean,
  issue?: (day: string, scope: { all: true } | { partner: string }) => Promise<void>,
): Settlement {
  // The day of the last sweep that settled everything due (with trustSweep).
  let sweptDay: string | null = null;
  // The day of the last sweep started: the first request of a new day starts one.
  let startedDay: string | null = null;
  let running: { day: string; done: Promise<Settled> } | null = null;
  let stopped = false;
  const onError = (error: unknown, id: string) => log(error, `settling contract ${id} failed`);

  const sweep = (): Promise<Settled> => {
    const day = today();
    if (stopped) return Promise.resolve(nothingSettled());
    if (running?.day === day) return running.done;
    startedDay = day;
    const previous = running?.done.catch(() => undefined);
    const done = (async () => {
      await previous;
      if (issue && !stopped) await issue(day, { all: true });
      const settled = await settleDue(db, pricing, day, { onError, stopped: () => stopped });
      if (settled.failed === 0 && trustSweep && !stopped) sweptDay = day;
      return settled;
    })();
    const run = { day, done };
    running = run;
    void done
      .catch(() => undefined)
      .finally(() => {
        if (running === run) running = null;
      });
    return done;
  };

  return {
    sweep,
    before: async (scope) => {
      const day = today();
      if (sweptDay === day) return;
      if (startedDay !== day)
        sweep().catch((error: unknown) => log(error, 'settling due contract changes failed'));
      if (issue && 'partner' in scope) await issue(day, scope);
      await settleDue(db, pricing, day, { scope, onError });
    },
    idle: async () => {
      while (running) await running.done.catch(() => undefined);
    },
    stop: () => {
      stopped = true;
    },
  };
}
