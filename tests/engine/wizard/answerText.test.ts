import { describe, expect, it } from 'vitest';
import { answerText, type AnswerTexts } from '#engine';

const texts: AnswerTexts = {
  t: (key) => (key === 'common:summary.yes' ? 'Ja' : key === 'common:summary.no' ? 'Nein' : key),
  exists: (key) => key === 'Step.typ.options.A',
  prefix: 'Step',
  locale: 'de',
};
const numberUi = { 'ui:widget': 'number' };

describe('answer texts of the summary and the PDFs', () => {
  it('writes amounts with two decimals and whole numbers (type integer) without', () => {
    expect(answerText(1500, { type: 'number' }, numberUi, 'preis', texts)).toBe('1.500,00');
    expect(answerText(6, { type: 'integer' }, numberUi, 'mitarbeiter', texts)).toBe('6');
    expect(answerText(1200, { type: 'integer' }, numberUi, 'flaeche', texts)).toBe('1.200');
  });

  it('writes options by their text, yes and no in German, and dates the German way', () => {
    expect(answerText('A', { type: 'string' }, {}, 'typ', texts)).toBe('Step.typ.options.A');
    expect(answerText(true, { type: 'boolean' }, {}, 'x', texts)).toBe('Ja');
    expect(answerText('2026-11-24', { type: 'string', format: 'date' }, {}, 'd', texts)).toBe(
      '24.11.2026',
    );
  });
});
