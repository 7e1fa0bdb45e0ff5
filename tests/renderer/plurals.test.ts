import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { setupTexts } from './support.tsx';

beforeAll(() => setupTexts('reise'));

/**
 * The travel price line as the price box shows it, translated in the flow's namespace as the
 * renderer does (a no-break space before the € sign).
 */
const premium = (reisetage: number, personen: number): string =>
  i18next
    .getFixedT('de', ['reise', 'common'])('Quote.premium', { beitrag: 49.5, reisetage, personen })
    .replace(/\u00a0/g, ' ');

describe('counted words of the texts', () => {
  it('say one travel day and one traveller in the singular', () => {
    expect(premium(1, 1)).toBe('49,50 € einmalig für 1 Reisetag und 1 reisende Person');
  });

  it('say several in the plural', () => {
    expect(premium(14, 3)).toBe('49,50 € einmalig für 14 Reisetage und 3 Reisende');
  });
});
