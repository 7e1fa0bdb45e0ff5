import { describe, expect, it } from 'vitest';
import { feedbackScaleOf } from '../../../apps/web/src/pages/PublicPages.tsx';

// Which scale a feedback link asks on: satisfaction 1 to 5 unless the link names the
// recommendation scale or carries a score only that scale has.
describe('feedbackScaleOf', () => {
  it('asks 1 to 5 without a score and for scores 1 to 5', () => {
    expect(feedbackScaleOf(undefined, null)).toBe('1-5');
    for (const score of ['1', '3', '5']) expect(feedbackScaleOf(score, null)).toBe('1-5');
  });

  it('asks 0 to 10 for 0 and 6 to 10, or when the link says so', () => {
    for (const score of ['0', '6', '9', '10']) expect(feedbackScaleOf(score, null)).toBe('0-10');
    expect(feedbackScaleOf('3', '0-10')).toBe('0-10');
    expect(feedbackScaleOf(undefined, '0-10')).toBe('0-10');
  });

  it('ignores what is no score or no scale', () => {
    expect(feedbackScaleOf('11', null)).toBe('1-5');
    expect(feedbackScaleOf('abc', 'x')).toBe('1-5');
    expect(feedbackScaleOf('9', '1-5')).toBe('1-5');
  });
});
