import { describe, expect, it } from 'vitest';
import type { SkinRegion } from '../../src/lib/skin/regions';
import { judge, positionLabel, wholePercent } from '../../src/lib/skin/verdict';

/** A region of the given share centred at (x, y) (fractions of the photo). */
const region = (share: number, x = 0.5, y = 0.5): SkinRegion => ({
  pixels: Math.round(share * 10_000),
  share,
  box: { x: 0, y: 0, width: 1, height: 1 },
  centre: { x, y },
});

describe('judge', () => {
  it('calls a photo with little skin and no large region 安全, saying why', () => {
    const verdict = judge(0.08, [region(0.05)]);
    expect(verdict.level).toBe('safe');
    expect(verdict.reasons).toEqual([
      '肌色の面積は写真の 8% で、「注意」の目安の 20% を下回っています。',
      'ひとつながりの大きな肌色の部分は見つかりませんでした。',
    ]);
  });

  it('is 注意 from 20 % of skin', () => {
    expect(judge(0.1999, []).level).toBe('safe');
    const verdict = judge(0.2, [region(0.05)]);
    expect(verdict.level).toBe('caution');
    expect(verdict.reasons).toEqual(['肌色の面積が写真の 20% あります（20% 以上は「注意」の目安です）。']);
  });

  it('is 注意 for one region of 10 % anywhere, naming where it is', () => {
    expect(judge(0.12, [region(0.0999, 0.1, 0.1)]).level).toBe('safe');
    const verdict = judge(0.12, [region(0.1, 0.1, 0.1)]);
    expect(verdict.level).toBe('caution');
    expect(verdict.reasons).toEqual(['写真の左上に、ひとつながりの肌色の部分があります（写真の 10%）。']);
  });

  it('is 危険 from 40 % of skin', () => {
    expect(judge(0.3999, []).level).toBe('caution');
    const verdict = judge(0.42, [region(0.05)]);
    expect(verdict.level).toBe('danger');
    expect(verdict.reasons).toEqual(['肌色の面積が写真の 42% を占めています（40% 以上は「危険」の目安です）。']);
  });

  it('is 危険 for one central region of 25 %, even when the total is under 40 %', () => {
    const verdict = judge(0.3, [region(0.05, 0.9, 0.9), region(0.25, 0.5, 0.6)]);
    expect(verdict.level).toBe('danger');
    expect(verdict.reasons).toEqual([
      '写真の中央に、ひとつながりの大きな肌色の部分があります（写真の 25%）。',
      '肌色の面積が写真の 30% あります（20% 以上は「注意」の目安です）。',
    ]);
  });

  it('keeps a 25 % region off the centre at 注意', () => {
    // Centre of mass at x = 0.8: outside the middle half (0.25–0.75).
    const verdict = judge(0.26, [region(0.26, 0.8, 0.5)]);
    expect(verdict.level).toBe('caution');
    expect(verdict.reasons).toEqual([
      '肌色の面積が写真の 26% あります（20% 以上は「注意」の目安です）。',
      '写真の右側に、ひとつながりの肌色の部分があります（写真の 26%）。',
    ]);
  });

  it('gives every reason that fires when both 危険 rules do', () => {
    const verdict = judge(0.55, [region(0.5)]);
    expect(verdict.level).toBe('danger');
    expect(verdict.reasons).toHaveLength(2);
    expect(verdict.reasons[0]).toContain('55% を占めています');
    expect(verdict.reasons[1]).toContain('写真の中央に');
  });
});

describe('wholePercent', () => {
  it('rounds down, never up to a threshold', () => {
    expect(wholePercent(0.3999)).toBe(39);
    expect(wholePercent(0.29)).toBe(29); // 0.29 × 100 is 28.999… in binary
    expect(wholePercent(0)).toBe(0);
    expect(wholePercent(1)).toBe(100);
  });
});

describe('positionLabel', () => {
  it.each([
    [0.5, 0.5, '中央'],
    [0.1, 0.1, '左上'],
    [0.9, 0.9, '右下'],
    [0.5, 0.1, '上側'],
    [0.1, 0.5, '左側'],
    [0.9, 0.5, '右側'],
    [0.5, 0.9, '下側'],
  ])('(%d, %d) → %s', (x, y, label) => {
    expect(positionLabel({ x, y })).toBe(label);
  });
});
