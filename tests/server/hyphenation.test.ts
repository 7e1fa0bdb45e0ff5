import { describe, expect, it } from 'vitest';
import { hyphenateBundle, hyphenateText } from '../../apps/server/src/platform/hyphenation.ts';

/** The text with its soft hyphens shown as "·". */
const shown = (text: string): string => text.replace(/\u00ad/g, '·');

describe('the hyphenation of the served texts', () => {
  it('puts soft hyphens between the syllables of long German words', () => {
    expect(shown(hyphenateText('Ihre Tierhalterhaftpflichtversicherung'))).toBe(
      'Ihre Tier·hal·ter·haft·pflicht·ver·si·che·rung',
    );
    expect(shown(hyphenateText('Einwilligungserklärung'))).toBe('Ein·wil·li·gungs·er·klä·rung');
  });

  it('leaves words shorter than 16 letters as they are', () => {
    expect(hyphenateText('Geburtsdatum, Verträge und Kontoinhaberin')).toBe(
      'Geburtsdatum, Verträge und Kontoinhaberin',
    );
  });

  it('leaves placeholders, nesting, paths, file names and e-mail addresses as written', () => {
    const texts = [
      '{{versicherungsSumme, currency(EUR)}}',
      '$t(PaymentPeriod.zahlweise.options.{{zahlweise}})',
      '/kunden/registrieren',
      'Versicherungsschein-{{nummer}}.pdf',
      'kundenservice@versicherungsgesellschaft.example',
      'https://www.beispiel.example/versicherungsbedingungen',
    ];
    for (const text of texts) expect(hyphenateText(`Siehe ${text}.`)).toBe(`Siehe ${text}.`);
  });

  it('hyphenates every text of a bundle and no key', () => {
    expect(
      hyphenateBundle({
        Versicherungsbeginn: { label: 'Versicherungsbeginn' },
        liste: ['Betriebshaftpflicht'],
      }),
    ).toEqual({
      Versicherungsbeginn: { label: 'Ver\u00adsi\u00adche\u00adrungs\u00adbe\u00adginn' },
      liste: ['Be\u00adtriebs\u00adhaft\u00adpflicht'],
    });
  });
});
