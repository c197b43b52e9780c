import { describe, expect, it } from 'vitest';
import { summariseScores, type ClassScores } from '../../src/lib/skin/model-classes';

const scores = (partial: Partial<ClassScores>): ClassScores => ({ Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0, ...partial });

describe('summariseScores', () => {
  it('names the most likely class in Japanese', () => {
    expect(summariseScores(scores({ Neutral: 0.87, Drawing: 0.13 }))).toEqual([
      'AI は「一般的な写真」の可能性がいちばん高いと判定しました（87%）。',
    ]);
  });

  it('warns when the explicit classes together reach 50 %', () => {
    const lines = summariseScores(scores({ Porn: 0.3, Hentai: 0.2, Neutral: 0.5 }));
    expect(lines[1]).toBe('性的な画像と見なされる可能性が高いため、この写真の投稿は控えることをおすすめします。');
  });

  it('warns more softly when revealing and explicit together reach 50 %', () => {
    const lines = summariseScores(scores({ Sexy: 0.4, Porn: 0.1, Neutral: 0.5 }));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('露出が多い画像と見なされる可能性があります');
  });

  it('adds no warning under those sums', () => {
    expect(summariseScores(scores({ Sexy: 0.3, Porn: 0.19, Neutral: 0.51 }))).toHaveLength(1);
  });
});
