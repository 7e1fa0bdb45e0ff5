import { count } from 'drizzle-orm';
import { formatISO } from 'date-fns';
import type { Db } from '../db/database.ts';
import {
  agencies,
  agents,
  applications,
  claimMessages,
  claimRequiredDocuments,
  claims,
  contractTasks,
  contracts,
  documents,
  messages,
  partners,
  pendingChanges,
} from '../db/schema/index.ts';
import { contractDocumentsOf } from '../documents/contractDocumentList.ts';
import { buildContract, seedUuid } from './buildContracts.ts';
import { seedAgentDrafts } from './applicationDrafts.ts';
import { CONTRACT_SPECS } from './contractSpecs.ts';
import { SEED_AGENCIES, SEED_PARTNERS, type SeedPartner } from './people.ts';

/** Options of {@link seedDatabase}. */
export interface SeedOptions {
  /** The day (ISO date) future dates are computed from; default today. */
  today?: string;
  /** Where definitions/ lies (the static documents contracts list); default the working directory. */
  root?: string;
}

/** What a seed wrote. */
export interface SeedSummary {
  seeded: boolean;
  partners: number;
  agents: number;
  contracts: number;
}

/** The partners row of a demo customer (its bank data goes to the contracts). */
function partnerRow(partner: SeedPartner): typeof partners.$inferInsert {
  const row: typeof partners.$inferInsert & { bank?: unknown } = { ...partner };
  delete row.bank;
  return row;
}

/** An ISO day `days` after `today` (negative: before). */
function relativeDay(today: string, days: number): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Whether the database holds no partners yet (the seed's "empty"). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(partners);
  return (row?.n ?? 0) === 0;
}

/**
 * Writes the demo data in one transaction: agencies with agents and sub-agents for every brand,
 * customers, contracts of every product and status (some overdue, some with pending changes and
 * revenue tasks), documents, a claim with messages, Postfach messages and an application draft.
 * Does nothing when the database already has partners.
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const today = options.today ?? formatISO(new Date(), { representation: 'date' });
  if (!(await isEmpty(db))) return { seeded: false, partners: 0, agents: 0, contracts: 0 };
  const documentsOf = contractDocumentsOf(options.root ?? process.cwd());
  const built = CONTRACT_SPECS.map((spec, index) => {
    const partner = SEED_PARTNERS.find((candidate) => candidate.partnerNummer === spec.partner);
    if (!partner) throw new Error(`Seed: Partner ${spec.partner} fehlt.`);
    const started =
      spec.begonnenVorTagen === undefined
        ? spec
        : { ...spec, beginn: relativeDay(today, -spec.begonnenVorTagen) };
    return buildContract(started, partner, index + 1, today, documentsOf(spec.produkt));
  });
  await db.transaction(async (tx) => {
    await tx.insert(agencies).values(
      SEED_AGENCIES.map((agency) => ({
        agenturNummer: agency.agenturNummer,
        brand: agency.brand,
        name: agency.name,
        strasse: agency.strasse,
        hausnummer: agency.hausnummer,
        plz: agency.plz,
        ort: agency.ort,
      })),
    );
    await tx.insert(agents).values(
      SEED_AGENCIES.map((agency) => ({
        ...agency.agent,
        agenturNummer: agency.agenturNummer,
        brand: agency.brand,
        vertriebsweg: 'AUSSCHLIESSLICHKEITSVERMITTLER',
      })),
    );
    await tx.insert(agents).values(
      SEED_AGENCIES.map((agency) => ({
        ...agency.subAgent,
        agenturNummer: agency.agenturNummer,
        parentVermittlerNummer: agency.agent.vermittlerNummer,
        brand: agency.brand,
        vertriebsweg: 'UNTERVERMITTLER',
      })),
    );
    await tx.insert(partners).values(SEED_PARTNERS.map(partnerRow));
    await tx.insert(contracts).values(built.map((item) => item.contract));
    const pending = built.flatMap((item) => item.pending);
    if (pending.length > 0) await tx.insert(pendingChanges).values(pending);
    const tasks = built.flatMap((item) => item.tasks);
    if (tasks.length > 0) await tx.insert(contractTasks).values(tasks);
    await tx.insert(documents).values(built.flatMap((item) => item.documents));
    await tx.insert(claims).values([
      {
        aktenId: 'S-2025-000101',
        versicherungsNummer: 'HFK-20000102',
        partnerNummer: '3000101',
        status: 'IN_BEARBEITUNG',
        schadendatum: '2025-02-03',
        beschreibung: 'Leitungswasserschaden in der Küche nach Rohrbruch.',
      },
      {
        aktenId: 'S-2025-000102',
        versicherungsNummer: 'AS-10000103',
        partnerNummer: '2000101',
        status: 'GEMELDET',
        schadendatum: '2025-05-20',
        beschreibung: 'Fahrrad vor dem Bahnhof gestohlen.',
      },
    ]);
    await tx.insert(claimMessages).values([
      {
        id: seedUuid(900_001),
        aktenId: 'S-2025-000101',
        richtung: 'EINGANG',
        betreff: 'Ihre Schadenmeldung',
        nachricht: 'Wir haben Ihre Schadenmeldung erhalten und prüfen den Vorgang.',
        gelesen: true,
        erstelldatum: new Date('2025-02-04T09:15:00Z'),
      },
      {
        id: seedUuid(900_002),
        aktenId: 'S-2025-000101',
        richtung: 'EINGANG',
        betreff: 'Rückfrage zu Ihrem Schaden',
        nachricht: 'Bitte senden Sie uns Fotos des Schadens und die Rechnung des Installateurs.',
        gelesen: false,
        erstelldatum: new Date('2025-02-10T14:30:00Z'),
      },
    ]);
    await tx.insert(claimRequiredDocuments).values([
      {
        aktenId: 'S-2025-000101',
        art: 'FOTOS',
        beschreibung: 'Fotos des Wasserschadens in der Küche',
      },
      {
        aktenId: 'S-2025-000101',
        art: 'RECHNUNG',
        beschreibung: 'Rechnung des Installateurs',
      },
      {
        aktenId: 'S-2025-000102',
        art: 'KAUFBELEG',
        beschreibung: 'Kaufbeleg oder Rechnung des Fahrrads',
      },
      {
        aktenId: 'S-2025-000102',
        art: 'POLIZEIANZEIGE',
        beschreibung: 'Bestätigung der Anzeige bei der Polizei',
      },
    ]);
    await tx.insert(messages).values([
      {
        id: seedUuid(910_001),
        pool: 'benutzer',
        ownerId: '2000101',
        box: 'eingang',
        betreff: 'Willkommen im Kundenportal',
        nachricht: 'Schön, dass Sie da sind. Hier finden Sie Ihre Verträge und Dokumente.',
        gelesen: true,
        erstelldatum: new Date('2025-01-02T08:00:00Z'),
      },
      {
        id: seedUuid(910_002),
        pool: 'benutzer',
        ownerId: '2000101',
        box: 'eingang',
        betreff: 'Ihre Beitragsrechnung',
        nachricht: 'Ihre Beitragsrechnung für das neue Versicherungsjahr liegt bereit.',
        gelesen: false,
        erstelldatum: new Date('2025-03-25T08:00:00Z'),
      },
      {
        id: seedUuid(910_003),
        pool: 'benutzer',
        ownerId: '2000101',
        box: 'gesendet',
        betreff: 'Frage zur Hausratversicherung',
        nachricht: 'Ist mein Fahrrad im Keller mitversichert?',
        gelesen: true,
        erstelldatum: new Date('2025-03-26T18:42:00Z'),
      },
      {
        id: seedUuid(910_004),
        pool: 'vermittler',
        ownerId: 'V-HFK-200',
        box: 'eingang',
        betreff: 'Neue Schadenmeldung eines Kunden',
        nachricht: 'Zu einem Vertrag Ihres Bestands wurde ein Schaden gemeldet.',
        gelesen: false,
        erstelldatum: new Date('2025-02-03T11:00:00Z'),
      },
    ]);
    await tx.insert(applications).values([
      {
        id: seedUuid(920_001),
        brand: 'andsafe',
        produkt: 'FAHRRAD',
        status: 'draft',
        ownerRole: 'benutzer',
        ownerId: '2000101',
        data: { fahrrad: { hersteller: 'Canyon', typ: 'Rennrad', kaufpreis: 2400 } },
      },
      {
        id: seedUuid(920_002),
        brand: 'hfk',
        produkt: 'BHV',
        status: 'draft',
        ownerRole: 'vermittler',
        ownerId: 'V-HFK-200',
        data: { betrieb: { hauptgewerbe: 'Tischlerei', jahresumsatz: 380_000 } },
      },
    ]);
    await seedAgentDrafts(tx as unknown as Db, today);
  });
  return {
    seeded: true,
    partners: SEED_PARTNERS.length,
    agents: SEED_AGENCIES.length * 2,
    contracts: built.length,
  };
}
