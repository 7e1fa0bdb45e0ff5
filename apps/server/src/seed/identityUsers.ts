import type { Db } from '../db/database.ts';
import { resolveConfig, type IdentityConfig } from '../identity/config.ts';
import { identityUsers, type PoolName, type UserStatus } from '../identity/schema.ts';
import { makeVerifier } from '../identity/srp.ts';
import { SEED_AGENCIES, SEED_PARTNERS } from './people.ts';

/** The password of every demo sign-in (demo data only; never used outside the seed). */
export const DEMO_PASSWORD = 'Demo-Passwort-2025';

/** The start password of the demo account that must choose a new password at first sign-in. */
export const DEMO_START_PASSWORD = 'Start-Passwort-2025';

/** A demo sign-in for the README and the e2e tests. */
export interface DemoLogin {
  pool: PoolName;
  username: string;
  password: string;
  status: UserStatus;
  partnerNummer?: string;
  vermittlerNummer?: string;
  name: string;
}

/** Partner whose demo account starts in FORCE_CHANGE_PASSWORD (shows the new-password challenge). */
const NEW_PASSWORD_PARTNER = '2000103';

/** Partner left without an account, so registration (SignUp) can be shown with it. */
export const REGISTRATION_PARTNER = '4000102';

/**
 * Every demo sign-in by e-mail: the seeded customers (except {@link REGISTRATION_PARTNER}) and
 * all agents and sub-agents.
 */
export function demoLogins(): DemoLogin[] {
  const customers = SEED_PARTNERS.filter(
    (partner) => partner.partnerNummer !== REGISTRATION_PARTNER,
  ).map((partner): DemoLogin => {
    const fresh = partner.partnerNummer === NEW_PASSWORD_PARTNER;
    return {
      pool: 'benutzer',
      username: partner.email.toLowerCase(),
      password: fresh ? DEMO_START_PASSWORD : DEMO_PASSWORD,
      status: fresh ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
      partnerNummer: partner.partnerNummer,
      name: partner.firmenname ?? `${partner.vorname} ${partner.nachname}`,
    };
  });
  const agents = SEED_AGENCIES.flatMap((agency) => [agency.agent, agency.subAgent]).map(
    (agent): DemoLogin => ({
      pool: 'vermittler',
      username: agent.email.toLowerCase(),
      password: DEMO_PASSWORD,
      status: 'CONFIRMED',
      vermittlerNummer: agent.vermittlerNummer,
      name: agent.name,
    }),
  );
  return [...customers, ...agents];
}

/**
 * Writes the demo users (salt and verifier only) unless they exist; safe to run on every start
 * and from two processes at once.
 */
export async function seedIdentityUsers(
  db: Db,
  config: IdentityConfig = resolveConfig({ db }),
): Promise<number> {
  const rows = demoLogins().map((login) => ({
    pool: login.pool,
    username: login.username,
    email: login.username,
    partnerNummer: login.partnerNummer ?? null,
    vermittlerNummer: login.vermittlerNummer ?? null,
    status: login.status,
    ...makeVerifier(config.pools[login.pool].poolName, login.username, login.password),
  }));
  const inserted = await db
    .insert(identityUsers)
    .values(rows)
    .onConflictDoNothing({ target: [identityUsers.pool, identityUsers.username] })
    .returning({ id: identityUsers.id });
  return inserted.length;
}

/** The demo sign-ins as a Markdown table (for the README). */
export function demoLoginTable(): string {
  const lines = demoLogins().map(
    (login) =>
      `| ${login.pool === 'benutzer' ? 'Kunde' : 'Vermittler'} | ${login.name} | ${login.partnerNummer ?? login.vermittlerNummer ?? ''} | ${login.username} | ${login.password}${login.status === 'FORCE_CHANGE_PASSWORD' ? ' (neues Passwort beim ersten Anmelden)' : ''} |`,
  );
  return [
    '| Portal | Name | Nummer | Benutzername | Passwort |',
    '|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
