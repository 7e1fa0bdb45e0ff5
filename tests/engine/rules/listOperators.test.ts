import { describe, expect, it } from 'vitest';
import { evaluateRule } from '#engine';

describe('the listItems operator', () => {
  it('turns plain values into the items of a list field, leaving empty ones out', () => {
    expect(
      evaluateRule(
        { listItems: [{ var: 'context.contract.versicherteGewerbe.nebengewerbe' }, 'gewerbe'] },
        { context: { contract: { versicherteGewerbe: { nebengewerbe: ['Café', '', 'Kiosk'] } } } },
      ),
    ).toEqual([{ gewerbe: 'Café' }, { gewerbe: 'Kiosk' }]);
  });

  it('answers an empty list for no values and null for anything but a list', () => {
    expect(evaluateRule({ listItems: [[], 'gewerbe'] }, {})).toEqual([]);
    expect(evaluateRule({ listItems: [{ var: 'fehlt' }, 'gewerbe'] }, {})).toBeNull();
    expect(evaluateRule({ listItems: ['Café', 'gewerbe'] }, {})).toBeNull();
  });
});

describe('the itemWith operator', () => {
  const options = [
    { key: 'SINGLE', label: 'Single' },
    { key: 'FAMILIE', label: 'Familie' },
  ];

  it('finds the first item whose field has the value', () => {
    expect(
      evaluateRule(
        { itemWith: [{ var: 'optionen' }, 'key', { var: 'neu' }] },
        { optionen: options, neu: 'FAMILIE' },
      ),
    ).toEqual({ key: 'FAMILIE', label: 'Familie' });
  });

  it('answers null when no item has it or the list is none', () => {
    expect(
      evaluateRule({ itemWith: [{ var: 'optionen' }, 'key', 'PAAR'] }, { optionen: options }),
    ).toBeNull();
    expect(evaluateRule({ itemWith: [{ var: 'fehlt' }, 'key', 'PAAR'] }, {})).toBeNull();
  });
});
