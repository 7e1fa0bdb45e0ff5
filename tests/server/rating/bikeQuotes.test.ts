import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';
import fixture from '../fixtures/bike-quotes.json' with { type: 'json' };

const fahrrad = defaultTariffs().get('FAHRRAD', 'EUR') as Tariff;

interface CaseInput {
  versicherungssumme: number;
  fahrradtyp: string;
  kaufdatum: string | null;
  reparatur: boolean;
  reparaturOhneVerschleiss: boolean;
  schutzbrief: boolean;
  zahlweise: string;
  versicherungsbeginn: string;
  today: string;
}

/** The bike flow's answers that carry a case's pricing input (step and field names of fahrrad.json). */
function answersOf(input: CaseInput): Record<string, Record<string, unknown>> {
  return {
    fahrrad: {
      kaufpreis: input.versicherungssumme,
      typ: input.fahrradtyp,
      ...(input.kaufdatum === null ? {} : { kaufdatum: input.kaufdatum }),
    },
    deckung: {
      reparatur: input.reparatur,
      reparaturOhneVerschleiss: input.reparaturOhneVerschleiss,
      schutzbrief: input.schutzbrief,
    },
    zahlweise: { zahlweise: input.zahlweise },
    beginn: { versicherungsbeginn: input.versicherungsbeginn },
  };
}

describe('bike quotes on the tariff rating give the figures of the bike-only pricing', () => {
  it('has the same tariff version and at least 30 cases with every type, option and payment period', () => {
    expect(fixture.tariff).toEqual({ id: fahrrad.id, version: fahrrad.version });
    const cases = fixture.cases.map((c) => c.input);
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((c) => c.fahrradtyp)).size).toBe(8);
    expect(new Set(cases.map((c) => c.zahlweise)).size).toBe(5);
    for (const option of ['reparatur', 'reparaturOhneVerschleiss', 'schutzbrief'] as const)
      expect(cases.some((c) => c[option])).toBe(true);
    expect(fixture.cases.filter((c) => c.expected.grund?.includes('36 Monate'))).toHaveLength(2);
  });

  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    const result = rate(fahrrad, answersOf(testCase.input), { today: testCase.input.today });
    const { expected } = testCase;
    if (expected.versicherbar) {
      expect(result.kind).toBe('priced');
      if (result.kind !== 'priced') return;
      expect({ beitrag: result.beitrag, jahresbeitrag: result.jahresbeitrag }).toEqual({
        beitrag: expected.beitrag,
        jahresbeitrag: expected.jahresbeitrag,
      });
      expect(result.outputs['zahlweise']).toBe(testCase.input.zahlweise);
    } else {
      expect(result).toMatchObject({ kind: 'refused', grund: expected.grund });
    }
  });
});
