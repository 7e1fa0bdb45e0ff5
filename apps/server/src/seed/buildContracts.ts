import { addDays, formatISO } from 'date-fns';
import type { contracts, contractTasks, documents, pendingChanges } from '../db/schema/index.ts';
import {
  calculatePremium,
  contractTariff,
  defaultTariffs,
  insuranceYearOf,
  isPriced,
  parseDay,
} from '../tariffs/index.ts';
import { withParts } from '../contracts/parts.ts';
import { coverExtrasOf } from '../contracts/pricingInput.ts';
import { marketOf } from '../platform/brands.ts';
import type { ContractSpec } from './contractSpecs.ts';
import { iban, type SeedPartner } from './people.ts';
import { productDefaults } from './productDefaults.ts';

/** The rows one demo contract becomes. */
export interface BuiltContract {
  contract: typeof contracts.$inferInsert;
  pending: (typeof pendingChanges.$inferInsert)[];
  tasks: (typeof contractTasks.$inferInsert)[];
  documents: (typeof documents.$inferInsert)[];
}

/**
 * A document a demo contract lists, by its storage key (`path`): a static document by its path
 * under /api/dokumente/, or a document made from the contract (documents/contractDocuments.ts).
 * The contract view links it as GET /api/vertrag/vertrag/{id}/dokumente/{dokumentId}.
 */
export interface ContractDocument {
  name: string;
  typ: string;
  path: string;
}

const day = (date: Date): string => formatISO(date, { representation: 'date' });

const SB_AMOUNT = { SB_KEINE: 0, SB_250: 250, SB_500: 500, SB_1000: 1000, SB_5000: 5000 } as const;

/** A deterministic UUID from a number (demo rows keep stable ids across seeds). */
export function seedUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/**
 * Turns a spec into contract rows, priced with the tariffs. Dates that must lie in the future
 * (pending changes, open tasks, the end of an expiring contract) are relative to `today`.
 */
export function buildContract(
  spec: ContractSpec,
  partner: SeedPartner,
  index: number,
  today: string,
  contractDocuments: readonly ContractDocument[],
): BuiltContract {
  // A contract is priced in its brand's currency, with the product's tariff in it.
  const waehrung = marketOf(partner.brand).currency;
  const tariff = contractTariff(defaultTariffs(), spec.produkt, waehrung);
  const variant = tariff?.coverVariants.find((candidate) => candidate.id === spec.deckung);
  if (!tariff || !variant)
    throw new Error(`Seed: unbekannte Deckung ${spec.deckung} für ${spec.nr}`);
  const beginn = parseDay(spec.beginn);
  const hauptfaelligkeit = { day: beginn.getUTCDate(), month: beginn.getUTCMonth() + 1 };
  const defaults = productDefaults(spec.produkt, partner, index);
  const price = calculatePremium(defaultTariffs(), {
    ...coverExtrasOf(defaults),
    produkt: spec.produkt,
    waehrung,
    deckungsIdentifier: spec.deckung,
    zahlweise: spec.zahlweise,
    selbstbeteiligung: spec.sb ?? null,
    elementar: spec.elementar ?? false,
    buerohaftpflicht: spec.buerohaftpflicht ?? false,
    phvAnzahl: spec.phvAnzahl ?? null,
    hauptfaelligkeit,
    wirksamkeitsdatum: spec.beginn,
  });
  if (!isPriced(price))
    throw new Error(`Seed: ${spec.nr} ist nicht berechenbar: ${price.fehlermeldung ?? ''}`);

  const todayDate = parseDay(today);
  const nextDue = day(insuranceYearOf(todayDate, hauptfaelligkeit).end);
  const {
    selbstBeteiligungUnit,
    vertragsart,
    versicherungsTyp,
    versicherungsName,
    produktIdentifier,
    kuendbar,
    ...productParts
  } = defaults;
  const ended = ['BEENDET', 'AUFGEHOBEN', 'STORNIERT'].includes(spec.status);
  const endDate =
    spec.produkt === 'REISE' && spec.zahlweise === 'EINMALIG'
      ? '2025-07-26'
      : day(addDays(todayDate, -45 - index));
  const active = spec.status === 'LAUFEND' || spec.status === 'AUSLAUFEND';

  const contract: typeof contracts.$inferInsert = {
    versicherungsNummer: spec.nr,
    partnerNummer: partner.partnerNummer,
    vermittlerNummer: partner.vermittlerNummer,
    brand: partner.brand,
    produkt: spec.produkt,
    vertragsstatus: spec.status,
    widerrufbar: spec.status === 'LAUFEND' && spec.beginn >= day(addDays(todayDate, -14)),
    versicherungsSumme: variant.insuranceSum,
    versicherungsPraemie: price.beitrag,
    jahresVersicherungsPraemie: price.jahresbeitrag,
    folgePraemie: active ? price.beitrag : null,
    zahlweise: spec.zahlweise,
    bankverbindung: spec.ohneBank
      ? null
      : {
          iban: iban(partner.bank.country, partner.bank.bankCode, partner.bank.account),
          swiftBic: partner.bank.bic,
          kontoinhaber: partner.firmenname ?? `${partner.vorname} ${partner.nachname}`,
        },
    ablaufdatum: spec.status === 'AUSLAUFEND' ? nextDue : ended ? endDate : null,
    beendigungsdatum: ended ? endDate : null,
    antragsdatum: day(addDays(beginn, -14)),
    vertragsBeginn: spec.beginn,
    beginnverlegung: null,
    hauptfaelligkeitTag: hauptfaelligkeit.day,
    hauptfaelligkeitMonat: hauptfaelligkeit.month,
    mahnung: spec.mahnung ?? false,
    wirksamkeitsdatum: spec.beginn,
    deckungsIdentifier: spec.deckung,
    deckungsVarianten: tariff.coverVariants
      .filter((candidate) => candidate.products.includes(spec.produkt))
      .map((candidate) => ({
        deckungsVarianteIdentifier: candidate.id,
        deckungsVarianteName: candidate.name,
        versicherungssumme: candidate.insuranceSum,
      })),
    selbstBeteiligung: spec.sb
      ? selbstBeteiligungUnit === 'PERCENT'
        ? { value: 10, unit: 'PERCENT' }
        : { value: SB_AMOUNT[spec.sb], unit: 'ABSOLUT' }
      : null,
    vertragsart,
    versicherungsTyp,
    versicherungsName,
    produktIdentifier,
    kuendbar: active ? kuendbar : 'NEIN',
    teile: withParts(
      {},
      {
        phvAnzahl: spec.phvAnzahl ?? null,
        neueSelbstbeteiligung: spec.sb ?? null,
        elementar: spec.elementar ?? null,
        buerohaftpflicht: spec.buerohaftpflicht ?? null,
        ...productParts,
      },
    ),
  };
  const base = index * 10;
  return {
    contract,
    pending: (spec.pending ?? []).map((change) => ({
      versicherungsNummer: spec.nr,
      art: change.art,
      wert: change.wert,
      wirksamAb: nextDue,
      wirksamBis: null,
    })),
    tasks: (spec.tasks ?? []).map((task) => ({
      versicherungsNummer: spec.nr,
      typ: task.typ,
      status: task.status,
      faelligAm: day(addDays(todayDate, task.inDays)),
      erledigtAm:
        task.status === 'Offen' ? null : day(addDays(todayDate, Math.min(task.inDays, -1))),
    })),
    documents: contractDocuments.map((document, n) => ({
      id: seedUuid(base + 1 + n),
      name: document.name,
      typ: document.typ,
      partnerNummer: partner.partnerNummer,
      versicherungsNummer: spec.nr,
      storageKey: document.path,
    })),
  };
}
