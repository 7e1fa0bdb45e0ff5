import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  changeEvents,
  contracts,
  contractTasks,
  pendingChanges,
  type PendingChangeArt,
} from '../db/schema/index.ts';
import { calculatePremium, isPriced, type TariffCatalogue } from '../pricing/index.ts';
import type { ContractRow } from './access.ts';
import { CHANGE_KINDS, pricingInputOf, type ChangeKind } from './changeKinds.ts';
import { isActive } from './contractView.ts';
import { NEXT_VERSION, premiumColumns } from './saveChange.ts';

/** The change kind of each pending-change kind (the reverse of a kind's `art`). */
const KIND_OF_ART = Object.fromEntries(
  (Object.keys(CHANGE_KINDS) as ChangeKind[]).map((kind) => [CHANGE_KINDS[kind].art, kind]),
) as Record<PendingChangeArt, ChangeKind>;

/** What a settlement did (for tests and the log). */
export interface Settled {
  applied: number;
  ended: number;
  tasks: number;
}

const addDays = (iso: string, days: number): string => {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/**
 * Lets everything that is due on `today` take effect, contract by contract: pending changes whose
 * day has come, the end of an expiring contract after its end date, and revenue reminders that ran
 * out. Each contract is settled in its own transaction holding its row lock, and every step claims
 * its row with a conditional update, so with several server processes each change takes effect and
 * writes its event exactly once.
 */
export async function settleDue(db: Db, tariffs: TariffCatalogue, today: string): Promise<Settled> {
  const result = await db.execute(sql`
    SELECT versicherungs_nummer AS id FROM ${pendingChanges}
      WHERE angewendet_am IS NULL AND wirksam_ab <= ${today}
    UNION SELECT versicherungs_nummer FROM ${contracts}
      WHERE vertragsstatus = 'AUSLAUFEND' AND coalesce(beendigungsdatum, ablaufdatum) < ${today}
    UNION SELECT versicherungs_nummer FROM ${contractTasks}
      WHERE status = 'Offen' AND faellig_am < ${today}`);
  const rows = (result as { rows?: { id: string }[] }).rows ?? [];
  const total: Settled = { applied: 0, ended: 0, tasks: 0 };
  for (const { id } of rows) {
    const done = await settleContract(db, tariffs, id, today);
    total.applied += done.applied;
    total.ended += done.ended;
    total.tasks += done.tasks;
  }
  return total;
}

/** Settles one contract (see {@link settleDue}). */
export async function settleContract(
  db: Db,
  tariffs: TariffCatalogue,
  id: string,
  today: string,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const done: Settled = { applied: 0, ended: 0, tasks: 0 };
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
      const claimed = await tx
        .update(pendingChanges)
        .set({ angewendetAm: today })
        .where(and(eq(pendingChanges.id, change.id), isNull(pendingChanges.angewendetAm)))
        .returning({ id: pendingChanges.id });
      if (claimed.length === 0) continue;
      row = await applyChange(tx, tariffs, row, change.art, change.wert, change.wirksamAb);
      done.applied += 1;
    }
    // An expiring contract ends after its last day: the cancellation's date, else its expiry.
    const endDay = row.beendigungsdatum ?? row.ablaufdatum;
    if (row.vertragsstatus === 'AUSLAUFEND' && endDay && endDay < today) {
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
    done.tasks += await runRevenueTasks(tx, tariffs, row, today);
    return done;
  });
}

/** Applies one change to the locked contract, re-prices it and writes its event; the new row. */
async function applyChange(
  tx: Db,
  tariffs: TariffCatalogue,
  row: ContractRow,
  art: PendingChangeArt,
  wert: unknown,
  wirksamAb: string,
): Promise<ContractRow> {
  const kind = CHANGE_KINDS[KIND_OF_ART[art]];
  const context = { row, tariffs };
  const input = kind.apply(pricingInputOf(row, wirksamAb), wert, context);
  const price = calculatePremium(tariffs, input);
  const priced = isPriced(price);
  const [updated] = await tx
    .update(contracts)
    .set({
      ...kind.columns(wert, { ...context, input }),
      ...(priced ? premiumColumns(price) : {}),
      wirksamkeitsdatum: wirksamAb,
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
  const rules = tariffs.get(start.produkt)?.revenueReminders;
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
      const usable = rules && row.jahresumsatz && isActive(row.vertragsstatus);
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
  const alt = row.jahresumsatz?.value ?? 0;
  const neu = Math.round(alt * (1 + percent / 100));
  const input = { ...pricingInputOf(row, day), jahresumsatz: neu };
  const price = calculatePremium(tariffs, input);
  const priced = isPriced(price);
  const [updated] = await tx
    .update(contracts)
    .set({
      jahresumsatz: { value: neu, isAdjustable: row.jahresumsatz?.isAdjustable ?? true },
      ...(priced ? premiumColumns(price) : {}),
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

/**
 * Settles once per day of the clock: the first call on a new day runs {@link settleDue} and every
 * call of that day waits for it, so a read, a quote and a save on or after an effective date see
 * the change applied. A failed run is retried by the next call.
 */
export function dailySettlement(
  db: Db,
  tariffs: TariffCatalogue,
  today: () => string,
): () => Promise<void> {
  let settledDay: string | null = null;
  let running: { day: string; done: Promise<void> } | null = null;
  const settle = async (): Promise<void> => {
    const day = today();
    if (settledDay === day) return;
    if (running) {
      await running.done;
      if (running?.day !== day) return settle();
      return;
    }
    const done = settleDue(db, tariffs, day)
      .then(() => {
        settledDay = day;
      })
      .finally(() => {
        running = null;
      });
    running = { day, done };
    return done;
  };
  return settle;
}
