import { describe, expect, it } from 'vitest';
import { maskText } from '../../../apps/web/src/platform/index.ts';

describe('maskText', () => {
  it.each([
    ['Vertrag HFK-20000101 nicht gefunden', 'Vertrag [contract] nicht gefunden'],
    ['/api/vertrag/vertrag/AS-10000301/beitrag', '/api/vertrag/vertrag/[contract]/beitrag'],
    ['Mail an erika.muster@beispiel.de ging nicht raus', 'Mail an [email] ging nicht raus'],
    ['Kundennummer: K-778899', 'Kundennummer: [customer]'],
    ['partnerNummer=2000101', 'partnerNummer=[customer]'],
    ['IBAN DE89370400440532013000', 'IBAN DE[digits]'],
    ['Telefon 0301234567', 'Telefon [digits]'],
  ])('masks %s', (input, masked) => {
    expect(maskText(input)).toBe(masked);
  });

  it('leaves text without personal data alone', () => {
    expect(maskText('Weiter geklickt auf Schritt 2')).toBe('Weiter geklickt auf Schritt 2');
  });
});
