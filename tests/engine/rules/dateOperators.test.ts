import { describe, expect, it } from 'vitest';
import { evaluateRule, ruleHolds } from '#engine';

describe('date operators in rules', () => {
  it('adds days and months to ISO dates, keeping the last day of a shorter month', () => {
    expect(evaluateRule({ addDays: ['2026-12-30', 3] }, {})).toBe('2027-01-02');
    expect(evaluateRule({ addDays: ['2026-03-01', -1] }, {})).toBe('2026-02-28');
    expect(evaluateRule({ addMonths: ['2024-01-31', 1] }, {})).toBe('2024-02-29');
    expect(evaluateRule({ addMonths: ['2023-05-15', 36] }, {})).toBe('2026-05-15');
  });

  it('gives the first of a month n months on: the start of next month, also at a year end', () => {
    expect(evaluateRule({ firstOfMonth: ['2026-01-31', 1] }, {})).toBe('2026-02-01');
    expect(evaluateRule({ firstOfMonth: ['2026-12-15', 1] }, {})).toBe('2027-01-01');
    expect(evaluateRule({ firstOfMonth: ['2026-03-01', 0] }, {})).toBe('2026-03-01');
    expect(evaluateRule({ firstOfMonth: [{ var: 'data.x' }, 1] }, { data: {} })).toBeNull();
  });

  it('counts calendar days and whole years between two dates', () => {
    expect(evaluateRule({ daysBetween: ['2026-01-01', '2026-12-31'] }, {})).toBe(364);
    expect(evaluateRule({ daysBetween: ['2026-01-10', '2026-01-01'] }, {})).toBe(-9);
    expect(evaluateRule({ yearsBetween: ['1990-06-15', '2026-06-14'] }, {})).toBe(35);
    expect(evaluateRule({ yearsBetween: ['1990-06-15', '2026-06-15'] }, {})).toBe(36);
  });

  it('answers null for a missing or invalid date, so a rule over an unanswered field is not true', () => {
    expect(evaluateRule({ addDays: [{ var: 'data.x' }, 1] }, { data: {} })).toBeNull();
    expect(evaluateRule({ daysBetween: ['2026-02-30', '2026-03-01'] }, {})).toBeNull();
    expect(evaluateRule({ addMonths: ['2026-01-01', 1.5] }, {})).toBeNull();
    expect(ruleHolds({ '>': [{ addMonths: [{ var: 'kauf' }, 36] }, '2026-01-01'] }, {})).toBe(
      false,
    );
  });

  it('reads answers: an end at most 365 days after the start', () => {
    const rule = {
      '<=': [{ daysBetween: [{ var: 'data.reise.beginn' }, { var: 'data.reise.ende' }] }, 365],
    };
    const scope = (ende: string) => ({ data: { reise: { beginn: '2027-01-01', ende } } });
    expect(ruleHolds(rule, scope('2028-01-01'))).toBe(true);
    expect(ruleHolds(rule, scope('2028-01-02'))).toBe(false);
  });
});
