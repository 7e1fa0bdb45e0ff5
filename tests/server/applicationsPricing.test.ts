import { describe, expect, it } from 'vitest';
import {
  addMonthsIso,
  calculateApplicationPremium,
  calculatePremium,
  defaultTariffs,
  type ApplicationPricingInput,
  type Tariff,
} from '../../apps/server/src/pricing/index.ts';

const tariffs = defaultTariffs();
const fahrrad = tariffs.get('FAHRRAD') as Tariff;

const city: ApplicationPricingInput = {
  versicherungssumme: 1500,
  fahrradtyp: 'CITYBIKE',
  kaufdatum: '2025-03-01',
  reparatur: false,
  reparaturOhneVerschleiss: false,
  schutzbrief: false,
  zahlweise: 'JAEHRLICH',
  versicherungsbeginn: '2025-06-16',
  today: '2025-06-15',
};

describe('calculateApplicationPremium (bike applications)', () => {
  it('reads the application section of the bike tariff', () => {
    expect(fahrrad.version).toBeGreaterThanOrEqual(2);
    expect(fahrrad.application).toMatchObject({
      minimumSum: 200,
      maximumSum: 10000,
      maximumAgeMonths: 36,
    });
    expect(fahrrad.paymentPeriods.EINMALIG).toEqual({
      factor: 2.85,
      installments: 1,
      termYears: 3,
    });
  });

  it('prices theft alone as the sum times the theft rate for an annual payment', () => {
    // 1500 * 0.04 * 1
    expect(calculateApplicationPremium(fahrrad, city)).toEqual({
      versicherbar: true,
      grund: null,
      beitrag: 60,
      jahresbeitrag: 60,
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 1500,
      versicherungsbeginn: '2025-06-16',
    });
  });

  it('adds the chosen risks, applies the bike type factor and adds the flat assistance amount', () => {
    const result = calculateApplicationPremium(fahrrad, {
      ...city,
      versicherungssumme: 2400,
      fahrradtyp: 'RENNRAD',
      reparatur: true,
      reparaturOhneVerschleiss: true,
      schutzbrief: true,
    });
    // 2400 * (0.04 + 0.02 + 0.01) * 1.2 + 12
    expect(result.beitrag).toBe(213.6);
  });

  it('counts wear and tear only together with repairs', () => {
    const result = calculateApplicationPremium(fahrrad, {
      ...city,
      reparaturOhneVerschleiss: true,
    });
    expect(result.beitrag).toBe(60);
  });

  it('never goes below the minimum annual premium of applications', () => {
    const result = calculateApplicationPremium(fahrrad, {
      ...city,
      versicherungssumme: 200,
      fahrradtyp: 'KINDERRAD',
    });
    // 200 * 0.04 * 0.8 = 6.40 < 24
    expect(result.beitrag).toBe(24);
  });

  it('divides by the instalments after the payment period factor', () => {
    const result = calculateApplicationPremium(fahrrad, { ...city, zahlweise: 'MONATLICH' });
    // 60 * 1.05 / 12
    expect(result).toMatchObject({ beitrag: 5.25, jahresbeitrag: 63, zahlweise: 'MONATLICH' });
  });

  it('charges one payment for three years with EINMALIG; the premium per year is a third of it', () => {
    const result = calculateApplicationPremium(fahrrad, { ...city, zahlweise: 'EINMALIG' });
    // 60 * 2.85 = 171, per year 57
    expect(result).toMatchObject({ versicherbar: true, beitrag: 171, jahresbeitrag: 57 });
  });

  it('refuses sums outside the limits with a German reason', () => {
    expect(calculateApplicationPremium(fahrrad, { ...city, versicherungssumme: 199.99 })).toEqual({
      versicherbar: false,
      grund: 'Fahrräder mit einem Kaufpreis unter 200 € können wir leider nicht versichern.',
      beitrag: null,
      jahresbeitrag: null,
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 199.99,
      versicherungsbeginn: '2025-06-16',
    });
    expect(
      calculateApplicationPremium(fahrrad, { ...city, versicherungssumme: 10000.01 }).grund,
    ).toBe(
      'Fahrräder mit einem Kaufpreis über 10.000 € können wir online leider nicht versichern.',
    );
    expect(
      calculateApplicationPremium(fahrrad, { ...city, versicherungssumme: 10000 }).versicherbar,
    ).toBe(true);
  });

  it('insures a bike at most 36 months old at the start of cover', () => {
    const atLimit = { ...city, kaufdatum: '2022-06-16', versicherungsbeginn: '2025-06-16' };
    expect(calculateApplicationPremium(fahrrad, atLimit).versicherbar).toBe(true);
    const older = calculateApplicationPremium(fahrrad, {
      ...atLimit,
      versicherungsbeginn: '2025-06-17',
    });
    expect(older).toMatchObject({
      versicherbar: false,
      beitrag: null,
      grund: 'Wir versichern Fahrräder, die zum Versicherungsbeginn höchstens 36 Monate alt sind.',
    });
    expect(calculateApplicationPremium(fahrrad, { ...city, kaufdatum: null }).versicherbar).toBe(
      true,
    );
  });

  it('refuses a start in the past and a purchase in the future', () => {
    expect(
      calculateApplicationPremium(fahrrad, { ...city, versicherungsbeginn: '2025-06-14' }).grund,
    ).toBe('Der Versicherungsbeginn darf nicht in der Vergangenheit liegen.');
    expect(calculateApplicationPremium(fahrrad, { ...city, kaufdatum: '2025-06-16' }).grund).toBe(
      'Das Kaufdatum darf nicht in der Zukunft liegen.',
    );
    expect(
      calculateApplicationPremium(fahrrad, { ...city, versicherungsbeginn: '2025-02-30' }).grund,
    ).toBe('Der Versicherungsbeginn ist kein gültiges Datum.');
  });

  it('refuses a tariff without application section or payment period', () => {
    const phv = tariffs.get('PRIVATHAFTPFLICHT') as Tariff;
    expect(calculateApplicationPremium(phv, city).versicherbar).toBe(false);
    const periods = Object.fromEntries(
      Object.entries(fahrrad.paymentPeriods).filter(([zahlweise]) => zahlweise !== 'EINMALIG'),
    );
    const noSingle = { ...fahrrad, paymentPeriods: periods };
    expect(calculateApplicationPremium(noSingle, { ...city, zahlweise: 'EINMALIG' }).grund).toBe(
      'Diese Zahlweise ist für das Produkt nicht möglich.',
    );
  });

  it('adds months to a date, falling back to the last day of a shorter month', () => {
    expect(addMonthsIso('2022-06-16', 36)).toBe('2025-06-16');
    expect(addMonthsIso('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsIso('2023-11-30', 3)).toBe('2024-02-29');
  });
});

describe('bike contracts paid once for three years', () => {
  it('price the single payment with the term factor and keep the premium per year', () => {
    const result = calculatePremium(tariffs, {
      produkt: 'FAHRRAD',
      deckungsIdentifier: 'FR_BASIS',
      zahlweise: 'EINMALIG',
      selbstbeteiligung: 'SB_KEINE',
      elementar: false,
      buerohaftpflicht: false,
      phvAnzahl: null,
      hauptfaelligkeit: { day: 1, month: 1 },
      wirksamkeitsdatum: '2025-07-01',
    });
    // 69 * 2.85 = 196.65 once, not prorated; 65.55 per year
    expect(result).toMatchObject({
      beitrag: 196.65,
      anteiligerBeitrag: 196.65,
      jahresbeitrag: 65.55,
      ungueltig: false,
    });
  });
});
