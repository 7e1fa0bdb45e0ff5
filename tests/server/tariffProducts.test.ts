import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contractTariff,
  loadTariffs,
  TARIFFS_DIR,
  type Tariff,
} from '../../apps/server/src/tariffs/index.ts';

// A line sold by application only (VSH: no contracts of it, so no contract self-service) needs a
// tariff with its rating and nothing of the sections contract self-service prices with; a tariff
// of a contract product keeps needing those sections.

const reise = JSON.parse(readFileSync(join(TARIFFS_DIR, 'reise.json'), 'utf8')) as Tariff;

/** A tariff without some of its sections. */
const without = (tariff: object, ...sections: string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(tariff).filter(([key]) => !sections.includes(key)));

/** The travel tariff as a tariff of an application-only line: product VSH, no contract sections. */
const applicationOnly = (): Record<string, unknown> => ({
  ...without(
    reise,
    'coverVariants',
    'paymentPeriods',
    'deductibleDiscounts',
    'surcharges',
    'minimumAnnualPremium',
    'parts',
  ),
  id: 'nur-antrag',
  line: 'VSH',
  products: ['VSH'],
});

let dir: string | undefined;
function folderWith(tariffs: Record<string, unknown>[]): string {
  dir = mkdtempSync(join(tmpdir(), 'tariffs-'));
  for (const tariff of tariffs)
    writeFileSync(join(dir, `${String(tariff['id'])}.json`), JSON.stringify(tariff));
  return dir;
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('tariffs of contract products and of lines sold by application only', () => {
  it('loads a VSH tariff that has only its rating, and gives it to no contract', () => {
    const catalogue = loadTariffs(folderWith([applicationOnly()]));
    expect(catalogue.get('VSH', 'EUR')?.rating?.flows).toEqual(['reise']);
    expect(catalogue.get('VSH', 'EUR')?.coverVariants).toBeUndefined();
  });

  it('refuses a tariff of a contract product without the sections contract self-service needs', () => {
    expect(() => loadTariffs(folderWith([without(reise, 'coverVariants')]))).toThrow(
      /Tarif reise\.json ist ungültig: .*must have required property 'coverVariants'/,
    );
  });

  it('refuses a tariff of an application-only line without a rating', () => {
    expect(() => loadTariffs(folderWith([without(applicationOnly(), 'rating')]))).toThrow(
      /must have required property 'rating'/,
    );
  });

  it('gives contract pricing the tariff of every contract product with all its sections', () => {
    const catalogue = loadTariffs();
    const tariff = contractTariff(catalogue, 'REISE', 'EUR');
    expect(tariff?.coverVariants.map((variant) => variant.id)).toEqual([
      'REISE_RUECKTRITT',
      'REISE_KOMPLETT',
    ]);
    expect(
      contractTariff(loadTariffs(folderWith([applicationOnly()])), 'REISE', 'EUR'),
    ).toBeUndefined();
  });
});
