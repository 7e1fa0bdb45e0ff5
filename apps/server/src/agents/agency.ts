import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { agencies, agents, auditLog, contracts, partners } from '../db/schema/index.ts';
import { toListItem } from '../contracts/contractView.ts';
import { identityOutbox, identityUsers } from '../identity/schema.ts';
import { makeVerifier } from '../identity/srp.ts';
import { agentOf } from '../auth/visibility.ts';

/** The agent's own data as the portal shows it. */
export async function agentProfile(db: Db, vermittlerNummer: string) {
  const [row] = await db
    .select({ agent: agents, agency: agencies })
    .from(agents)
    .innerJoin(agencies, eq(agencies.agenturNummer, agents.agenturNummer))
    .where(eq(agents.vermittlerNummer, vermittlerNummer));
  if (!row) return null;
  return {
    vermittlerNummer: row.agent.vermittlerNummer,
    name: row.agent.name,
    email: row.agent.email,
    benachrichtigungEmail: row.agent.benachrichtigungEmail ?? row.agent.email,
    vertriebsweg: row.agent.vertriebsweg,
    untervermittler: row.agent.parentVermittlerNummer !== null,
    /** The brand the agent works for: the portal shows itself in its design. */
    marke: row.agent.brand,
    agentur: { agenturNummer: row.agency.agenturNummer, name: row.agency.name },
  };
}

/** Sets where the agent's notifications go. */
export async function setNotificationEmail(
  db: Db,
  vermittlerNummer: string,
  email: string,
  requestId: string,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(agents)
      .set({ benachrichtigungEmail: email })
      .where(eq(agents.vermittlerNummer, vermittlerNummer));
    await tx.insert(auditLog).values({
      actorRole: 'vermittler',
      actorId: vermittlerNummer,
      action: 'einstellungen.benachrichtigung',
      entity: 'agent',
      entityId: vermittlerNummer,
      requestId,
      details: { email },
    });
  });
  return agentProfile(db, vermittlerNummer);
}

/** The agent's agency: address and every agent of it with distribution path. */
export async function agencyOf(db: Db, vermittlerNummer: string) {
  const agent = await agentOf(db, vermittlerNummer);
  if (!agent) return null;
  const [agency] = await db
    .select()
    .from(agencies)
    .where(eq(agencies.agenturNummer, agent.agenturNummer));
  if (!agency) return null;
  const members = await db
    .select()
    .from(agents)
    .where(eq(agents.agenturNummer, agency.agenturNummer))
    .orderBy(asc(agents.vermittlerNummer));
  return {
    agenturNummer: agency.agenturNummer,
    name: agency.name,
    anschrift: {
      strasse: agency.strasse,
      hausnummer: agency.hausnummer,
      plz: agency.plz,
      ort: agency.ort,
    },
    vermittler: members.map((m) => ({
      vermittlerNummer: m.vermittlerNummer,
      name: m.name,
      email: m.email,
      vertriebsweg: m.vertriebsweg,
      untervermittler: m.parentVermittlerNummer !== null,
    })),
  };
}

/**
 * The sub-agents of the agent's agency (those with a parent agent), each with whether its first
 * sign-in is still open (the temporary password not yet replaced).
 */
export async function subAgentsOf(db: Db, vermittlerNummer: string) {
  const agency = await agencyOf(db, vermittlerNummer);
  const subs = (agency?.vermittler ?? []).filter((m) => m.untervermittler);
  if (subs.length === 0) return [];
  const open = await db
    .select({ nummer: identityUsers.vermittlerNummer })
    .from(identityUsers)
    .where(
      and(
        eq(identityUsers.pool, 'vermittler'),
        eq(identityUsers.status, 'FORCE_CHANGE_PASSWORD'),
        inArray(
          identityUsers.vermittlerNummer,
          subs.map((m) => m.vermittlerNummer),
        ),
      ),
    );
  const waiting = new Set(open.map((row) => row.nummer));
  return subs.map((m) => ({ ...m, erstanmeldungOffen: waiting.has(m.vermittlerNummer) }));
}

/** The contracts of the agency's customers, by customer name, with the customer. */
export async function agencyContracts(db: Db, vermittlerNummer: string) {
  const agent = await agentOf(db, vermittlerNummer);
  if (!agent) return [];
  const members = db
    .select({ nummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.agenturNummer, agent.agenturNummer));
  const rows = await db
    .select({ contract: contracts, partner: partners })
    .from(contracts)
    .innerJoin(partners, eq(partners.partnerNummer, contracts.partnerNummer))
    .where(inArray(partners.vermittlerNummer, members))
    .orderBy(asc(partners.nachname), asc(partners.vorname), asc(contracts.versicherungsNummer));
  return rows.map(({ contract, partner }) => ({
    ...toListItem(contract),
    partnerNummer: partner.partnerNummer,
    kunde: partner.firmenname ?? `${partner.vorname} ${partner.nachname}`,
  }));
}

/** What creating a sub-agent answers: the new agent, or why not. */
export type SubAgentOutcome =
  | { kind: 'created'; vermittlerNummer: string; name: string; email: string }
  | { kind: 'taken' }
  | { kind: 'not-allowed' };

/** What sending a sub-agent's access again answers. */
export type ResendOutcome =
  | { kind: 'sent'; email: string }
  | { kind: 'missing' }
  | { kind: 'signed-in' }
  | { kind: 'not-allowed' };

/**
 * Sends a sub-agent of the agent's agency a new temporary password (the first one lost or not
 * arrived): only while its first sign-in is open, only by a main agent. The old temporary
 * password stops working. A sub-agent of another agency answers like a missing one.
 */
export async function resendTemporaryPassword(
  db: Db,
  callerNummer: string,
  subNummer: string,
  options: { poolName: string; requestId: string },
): Promise<ResendOutcome> {
  const [caller] = await db.select().from(agents).where(eq(agents.vermittlerNummer, callerNummer));
  if (!caller) return { kind: 'missing' };
  const [sub] = await db
    .select()
    .from(agents)
    .where(
      and(eq(agents.vermittlerNummer, subNummer), eq(agents.agenturNummer, caller.agenturNummer)),
    );
  if (!sub || sub.parentVermittlerNummer === null) return { kind: 'missing' };
  if (caller.parentVermittlerNummer !== null) return { kind: 'not-allowed' };
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(identityUsers)
      .where(
        and(eq(identityUsers.pool, 'vermittler'), eq(identityUsers.vermittlerNummer, subNummer)),
      )
      .for('update');
    if (!user) return { kind: 'missing' } as const;
    if (user.status !== 'FORCE_CHANGE_PASSWORD') return { kind: 'signed-in' } as const;
    const password = temporaryPassword();
    await tx
      .update(identityUsers)
      .set({ ...makeVerifier(options.poolName, user.username, password), updatedAt: new Date() })
      .where(eq(identityUsers.id, user.id));
    await tx.insert(identityOutbox).values({
      pool: 'vermittler',
      username: user.username,
      channel: 'EMAIL',
      destination: user.email,
      purpose: 'TEMPORARY_PASSWORD',
      code: password,
    });
    await tx.insert(auditLog).values({
      actorRole: 'vermittler',
      actorId: callerNummer,
      action: 'untervermittler.zugang',
      entity: 'agent',
      entityId: subNummer,
      requestId: options.requestId,
      details: {},
    });
    return { kind: 'sent', email: user.email } as const;
  });
}

/** The transaction lock key of sub-agent creation (any fixed number unique in the app). */
const SUB_AGENT_LOCK = 7_180_001;

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const pick = (set: string) => set[randomInt(set.length)] ?? 'x';

/** A temporary password that meets the policy (12 characters, upper, lower, digit). */
function temporaryPassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < 12) chars.push(pick(all));
  return chars.join('');
}

/**
 * Creates a sub-agent of the agent's agency who can sign in: the agents row (parent: the agent,
 * distribution path UNTERVERMITTLER) and a user of the agent pool that must set a new password at
 * the first sign-in; the temporary password goes to the new address through the outbox. A
 * sub-agent may not create sub-agents; an e-mail address in use is refused. One transaction,
 * serialised with every other creation by a transaction lock: the address check and the next
 * number are read and written without another creation in between.
 */
export async function createSubAgent(
  db: Db,
  parentNummer: string,
  input: { name: string; email: string },
  options: { poolName: string; requestId: string },
): Promise<SubAgentOutcome> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const [parent] = await db.select().from(agents).where(eq(agents.vermittlerNummer, parentNummer));
  if (!parent || parent.parentVermittlerNummer !== null) return { kind: 'not-allowed' };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SUB_AGENT_LOCK})`);
    const taken = await tx
      .select({ id: identityUsers.id })
      .from(identityUsers)
      .where(
        and(
          eq(identityUsers.pool, 'vermittler'),
          or(eq(identityUsers.username, email), eq(identityUsers.email, email)),
        ),
      );
    const takenAgent = await tx
      .select({ nummer: agents.vermittlerNummer })
      .from(agents)
      .where(eq(agents.email, email));
    if (taken.length > 0 || takenAgent.length > 0) return { kind: 'taken' } as const;
    const prefix = parent.vermittlerNummer.replace(/\d+$/, '');
    const numbers = (
      await tx
        .select({ nummer: agents.vermittlerNummer })
        .from(agents)
        .where(like(agents.vermittlerNummer, `${prefix}%`))
    )
      .map((row) => Number(row.nummer.slice(prefix.length)))
      .filter(Number.isFinite);
    const vermittlerNummer = `${prefix}${Math.max(0, ...numbers) + 1}`;
    await tx.insert(agents).values({
      vermittlerNummer,
      agenturNummer: parent.agenturNummer,
      parentVermittlerNummer: parent.vermittlerNummer,
      brand: parent.brand,
      name,
      email,
      vertriebsweg: 'UNTERVERMITTLER',
    });
    const password = temporaryPassword();
    await tx.insert(identityUsers).values({
      pool: 'vermittler',
      username: email,
      email,
      vermittlerNummer,
      status: 'FORCE_CHANGE_PASSWORD',
      ...makeVerifier(options.poolName, email, password),
    });
    await tx.insert(identityOutbox).values({
      pool: 'vermittler',
      username: email,
      channel: 'EMAIL',
      destination: email,
      purpose: 'TEMPORARY_PASSWORD',
      code: password,
    });
    await tx.insert(auditLog).values({
      actorRole: 'vermittler',
      actorId: parent.vermittlerNummer,
      action: 'untervermittler.angelegt',
      entity: 'agent',
      entityId: vermittlerNummer,
      requestId: options.requestId,
      details: { name, email },
    });
    return { kind: 'created', vermittlerNummer, name, email } as const;
  });
}
