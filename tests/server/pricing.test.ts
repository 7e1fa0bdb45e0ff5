import { describe, expect, it } from 'vitest';
import {
  calculatePremium,
  defaultTariffs,
  insuranceYearOf,
  parseDay,
  remainingShare,
  type PricingInput,
} from '../../apps/server/src/tariffs/index.ts';
import { SPEC_PRODUCTS } from '../support/specProducts.ts';

const tariffs = defaultTariffs();

const phv: PricingInput = {
  produkt: 'PRIVATHAFTPFLICHT',
  waehrung: 'EUR',
  deckungsIdentifier: 'PHV_KOMFORT',
  zahlweise: 'JAEHRLICH',
  selbstbeteiligung: 'SB_KEINE',
  elementar: false,
  buerohaftpflicht: false,
  phvAnzahl: 'KEINE',
  hauptfaelligkeit: { day: 1, month: 1 },
  wirksamkeitsdatum: '2025-01-01',
};

describe('pricing', () => {
  it('has exactly one tariff in euros for every product', () => {
    for (const produkt of SPEC_PRODUCTS) expect(tariffs.get(produkt, 'EUR'), produkt).toBeDefined();
  });

  it('charges the base premium of the variant for an annual payment from the start of the year', () => {
    expect(calculatePremium(tariffs, phv)).toEqual({
      beitrag: 69.9,
      anteiligerBeitrag: 69.9,
      jahresbeitrag: 69.9,
      zahlweise: 'JAEHRLICH',
      wirksamkeitsdatum: '2025-01-01',
      ungueltig: false,
      fehlermeldung: null,
    });
  });

  it('adds the instalment surcharge and divides by the payments per year', () => {
    const result = calculatePremium(tariffs, { ...phv, zahlweise: 'MONATLICH' });
    // 69.90 * 1.05 / 12 = 6.11625
    expect(result.beitrag).toBe(6.12);
    expect(result.anteiligerBeitrag).toBe(73.44);
  });

  it('prorates the premium by the days left in the insurance year', () => {
    const result = calculatePremium(tariffs, {
      ...phv,
      zahlweise: 'MONATLICH',
      wirksamkeitsdatum: '2025-07-01',
    });
    // 73.44 * 184 / 365
    expect(result.anteiligerBeitrag).toBe(37.02);
  });

  it('applies surcharges before the deductible discount', () => {
    const result = calculatePremium(tariffs, {
      ...phv,
      produkt: 'HAUSRAT',
      deckungsIdentifier: 'HR_KOMFORT',
      elementar: true,
      selbstbeteiligung: 'SB_250',
      hauptfaelligkeit: { day: 1, month: 4 },
      wirksamkeitsdatum: '2025-04-01',
    });
    // (119 + 36) * 0.9
    expect(result.beitrag).toBe(139.5);
    expect(result.anteiligerBeitrag).toBe(139.5);
  });

  it('prices additional persons of the private liability part', () => {
    expect(calculatePremium(tariffs, { ...phv, phvAnzahl: 'ZWEI' }).beitrag).toBe(111.9);
  });

  it('does not prorate a single payment', () => {
    const result = calculatePremium(tariffs, {
      ...phv,
      produkt: 'REISE',
      deckungsIdentifier: 'REISE_RUECKTRITT',
      zahlweise: 'EINMALIG',
      selbstbeteiligung: null,
      phvAnzahl: null,
      wirksamkeitsdatum: '2025-09-15',
    });
    expect(result).toMatchObject({ beitrag: 59, anteiligerBeitrag: 59, ungueltig: false });
  });

  it('never goes below the minimum premium', () => {
    const result = calculatePremium(tariffs, {
      ...phv,
      produkt: 'TIERHALTERHAFTPFLICHT',
      deckungsIdentifier: 'THV_BASIS',
      selbstbeteiligung: 'SB_500',
      phvAnzahl: null,
    });
    // 59.90 * 0.85 = 50.915, above the minimum of 40
    expect(result.beitrag).toBe(50.92);
    const fahrrad = calculatePremium(tariffs, {
      ...phv,
      produkt: 'FAHRRAD',
      deckungsIdentifier: 'FR_BASIS',
      selbstbeteiligung: 'SB_250',
      phvAnzahl: null,
    });
    // 69 * 0.88 = 60.72, above the minimum of 49
    expect(fahrrad.beitrag).toBe(60.72);
  });

  it('marks an option the tariff does not offer as ungueltig with a German reason', () => {
    expect(calculatePremium(tariffs, { ...phv, selbstbeteiligung: 'SB_5000' })).toMatchObject({
      ungueltig: true,
      beitrag: null,
      anteiligerBeitrag: null,
      fehlermeldung: 'Diese Selbstbeteiligung ist für das Produkt nicht möglich.',
    });
    expect(calculatePremium(tariffs, { ...phv, elementar: true }).ungueltig).toBe(true);
    expect(calculatePremium(tariffs, { ...phv, zahlweise: 'EINMALIG' }).ungueltig).toBe(true);
    expect(calculatePremium(tariffs, { ...phv, deckungsIdentifier: 'HR_BASIS' }).ungueltig).toBe(
      true,
    );
    expect(calculatePremium(tariffs, { ...phv, buerohaftpflicht: true }).ungueltig).toBe(true);
  });

  it('refuses an effective date outside the contract term', () => {
    const result = calculatePremium(tariffs, {
      ...phv,
      vertragsBeginn: '2025-02-01',
      wirksamkeitsdatum: '2025-01-15',
    });
    expect(result.fehlermeldung).toBe(
      'Das Wirksamkeitsdatum liegt außerhalb der Vertragslaufzeit.',
    );
    expect(calculatePremium(tariffs, { ...phv, ablaufdatum: '2025-01-01' }).ungueltig).toBe(true);
  });

  it('finds the insurance year around a date, also for a main due date on 29 February', () => {
    const year = insuranceYearOf(parseDay('2025-03-10'), { day: 1, month: 4 });
    expect(year.start.toISOString().slice(0, 10)).toBe('2024-04-01');
    expect(year.end.toISOString().slice(0, 10)).toBe('2025-04-01');
    expect(year.days).toBe(365);
    const leap = insuranceYearOf(parseDay('2025-03-01'), { day: 29, month: 2 });
    expect(leap.start.toISOString().slice(0, 10)).toBe('2025-02-28');
    expect(remainingShare(parseDay('2025-04-01'), { day: 1, month: 4 })).toBe(1);
  });
});
