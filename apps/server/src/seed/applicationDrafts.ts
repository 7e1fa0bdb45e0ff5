import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { parseDay } from '../tariffs/index.ts';
import { seedUuid } from './buildContracts.ts';

/** The demo agent draft: a bike application of Jens Hansen (V-AS-100) for Jonas Wagner. */
export const SEED_AGENT_DRAFT_ID = seedUuid(920_003);

/** An ISO date `days` before another. */
const daysBefore = (iso: string, days: number): string =>
  new Date(parseDay(iso).getTime() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Writes the demo agent draft of the bike flow (apps/server/migrations/0007: flow, version and
 * customer columns), half filled in and paused on the risk location step. Runs inside the seed's
 * transaction.
 */
export async function seedAgentDrafts(db: Db, today: string): Promise<void> {
  const zustand = {
    formData: {
      // The advice the agent recorded first: needs, and the decision after the recommendation.
      beratung: { nutzung: 'PENDELN', abstellort: 'KELLER', reparaturWichtig: true },
      empfehlung: { entscheidung: 'EMPFEHLUNG' },
      fahrrad: {
        hersteller: 'Riese & Müller',
        typ: 'PEDELEC',
        rahmennummer: 'RM-2025-51873',
        kaufpreis: 4299,
        kaufdatum: daysBefore(today, 60),
      },
      deckung: { reparatur: true, reparaturOhneVerschleiss: false, schutzbrief: true },
    },
    currentStep: 'risikoort',
  };
  await db.execute(
    sql`INSERT INTO applications (id, brand, produkt, status, owner_role, owner_id, flow,
          flow_version, partner_nummer, data, created_at, updated_at)
        VALUES (${SEED_AGENT_DRAFT_ID}, 'andsafe', 'FAHRRAD', 'draft', 'vermittler', 'V-AS-100',
          'fahrrad', 1, '2000103', ${JSON.stringify(zustand)}::jsonb,
          now() - interval '1 day', now() - interval '1 day')`,
  );
}
