import { describe, expect, it } from 'vitest';
import { nextScoreSort } from './score-sort';
import { formatPoints, scoreTone, whyLines } from './score-why';

describe('score why', () => {
  it('signs points with a plus or a true minus', () => {
    expect(formatPoints(18)).toBe('+18');
    expect(formatPoints(-5)).toBe('−5');
    expect(formatPoints(0)).toBe('0');
  });

  it('orders lines by their weight in the score and adds them up', () => {
    const why = whyLines(
      [
        { label: 'Commented on your post 3 days ago', points: 11 },
        { label: "Title matches 'VP'", points: 18 },
        { label: 'Rounding', points: -1 },
      ],
      28,
    );
    expect(why.lines.map((line) => line.text)).toEqual(['+18', '+11', '−1']);
    expect(why.total).toBe(28);
    expect(why.addsUp).toBe(true);
  });

  it('says when the lines do not add up to the score', () => {
    expect(whyLines([{ label: 'Fit', points: 10 }], 12).addsUp).toBe(false);
    expect(whyLines([], 0).addsUp).toBe(true);
  });

  it('reads 70 and up as strong and 40 and up as fair', () => {
    expect(scoreTone(70)).toBe('success');
    expect(scoreTone(69)).toBe('warning');
    expect(scoreTone(40)).toBe('warning');
    expect(scoreTone(39)).toBe('default');
  });
});

describe('score sort', () => {
  it('starts highest first and then flips', () => {
    expect(nextScoreSort('-last_signal_at')).toBe('-score');
    expect(nextScoreSort('-score')).toBe('score');
    expect(nextScoreSort('score')).toBe('-score');
  });
});
