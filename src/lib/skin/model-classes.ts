/**
 * The learned model's classes (NSFWJS: Drawing, Hentai, Neutral, Porn,
 * Sexy) with Japanese labels, and the sentence summing up its answer.
 */

export const NSFW_CLASS_NAMES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type NsfwClassName = (typeof NSFW_CLASS_NAMES)[number];

export const NSFW_CLASS_LABELS: Record<NsfwClassName, string> = {
  Drawing: 'イラスト',
  Hentai: '成人向けイラスト',
  Neutral: '一般的な写真',
  Porn: '性的な写真',
  Sexy: '露出の多い写真',
};

/** Probability (0–1) of each class; they sum to 1. */
export type ClassScores = Record<NsfwClassName, number>;

/** Explicit classes together at or above this read as "likely sexual". */
export const EXPLICIT_SCORE_WARNING = 0.5;
/** Explicit and revealing classes together at or above this read as "may be seen as revealing". */
export const REVEALING_SCORE_WARNING = 0.5;

/** Plain-Japanese summary: the most likely class, then a warning where the scores call for one. */
export function summariseScores(scores: ClassScores): string[] {
  const top = NSFW_CLASS_NAMES.reduce((best, name) => (scores[name] > scores[best] ? name : best));
  const lines = [`AI は「${NSFW_CLASS_LABELS[top]}」の可能性がいちばん高いと判定しました（${Math.round(scores[top] * 100)}%）。`];
  const explicit = scores.Porn + scores.Hentai;
  if (explicit >= EXPLICIT_SCORE_WARNING) {
    lines.push('性的な画像と見なされる可能性が高いため、この写真の投稿は控えることをおすすめします。');
  } else if (explicit + scores.Sexy >= REVEALING_SCORE_WARNING) {
    lines.push('露出が多い画像と見なされる可能性があります。投稿する前にもう一度ご確認ください。');
  }
  return lines;
}
