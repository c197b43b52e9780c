/**
 * The risk verdict of the skin-tone check: 安全 / 注意 / 危険 with the
 * reasons in plain Japanese. The thresholds are rules of thumb for photos
 * posted to X, not a statement of X's policy: colour alone cannot tell skin
 * from a skin-coloured wall, so the page presents them as a guide.
 */
import type { SkinRegion } from './regions';

export type RiskLevel = 'safe' | 'caution' | 'danger';

/** Japanese label of each level, as the badge shows it. */
export const RISK_LABELS: Record<RiskLevel, string> = { safe: '安全', caution: '注意', danger: '危険' };

export const VERDICT_THRESHOLDS = {
  /** Skin pixels ÷ all pixels at or above which the photo is 危険. */
  dangerShare: 0.4,
  /** …at or above which it is 注意. */
  cautionShare: 0.2,
  /** One connected region this large (share of the photo) near the centre is 危険 on its own. */
  dangerRegionShare: 0.25,
  /** One connected region this large anywhere is 注意 on its own. */
  cautionRegionShare: 0.1,
  /** "Near the centre": the region's centre of mass lies in the middle half of both width and height. */
  centralBand: 0.25,
} as const;

export interface Verdict {
  level: RiskLevel;
  reasons: string[];
}

/**
 * Whole percent for the reasons, rounded down so the number shown never
 * reaches a threshold the share itself does not (39.9 % reads 39 %). The
 * epsilon absorbs binary fractions such as 0.29 × 100 = 28.999….
 */
export function wholePercent(share: number): number {
  return Math.floor(share * 100 + 1e-9);
}

/** Where in the photo a point lies, in words: 中央, 左上, 右下, 上, … */
export function positionLabel(centre: { x: number; y: number }): string {
  const third = (v: number) => (v < 1 / 3 ? 0 : v < 2 / 3 ? 1 : 2);
  const col = third(centre.x);
  const row = third(centre.y);
  if (row === 1 && col === 1) return '中央';
  const vertical = ['上', '', '下'][row]!;
  const horizontal = ['左', '', '右'][col]!;
  return row === 1 ? `${horizontal}側` : col === 1 ? `${vertical}側` : `${horizontal}${vertical}`;
}

function isCentral(region: SkinRegion): boolean {
  const band = VERDICT_THRESHOLDS.centralBand;
  return Math.abs(region.centre.x - 0.5) <= band && Math.abs(region.centre.y - 0.5) <= band;
}

/**
 * Judges a photo from its share of skin pixels and its largest connected
 * skin region:
 *
 * - 危険 when skin covers ≥ 40 % of the photo, or one region of ≥ 25 % sits
 *   near the centre (a body filling the frame);
 * - 注意 when skin covers ≥ 20 %, or one region of ≥ 10 % sits anywhere;
 * - 安全 otherwise.
 *
 * Every rule that fires gives a reason, most serious first; a safe photo
 * gets a reason saying why it is safe.
 */
export function judge(skinShare: number, regions: readonly SkinRegion[]): Verdict {
  const t = VERDICT_THRESHOLDS;
  const largest = regions.reduce<SkinRegion | undefined>((best, r) => (!best || r.share > best.share ? r : best), undefined);
  const percent = wholePercent(skinShare);
  const danger: string[] = [];
  const caution: string[] = [];

  if (skinShare >= t.dangerShare) {
    danger.push(`肌色の面積が写真の ${percent}% を占めています（${wholePercent(t.dangerShare)}% 以上は「危険」の目安です）。`);
  } else if (skinShare >= t.cautionShare) {
    caution.push(`肌色の面積が写真の ${percent}% あります（${wholePercent(t.cautionShare)}% 以上は「注意」の目安です）。`);
  }
  if (largest && largest.share >= t.dangerRegionShare && isCentral(largest)) {
    danger.push(`写真の中央に、ひとつながりの大きな肌色の部分があります（写真の ${wholePercent(largest.share)}%）。`);
  } else if (largest && largest.share >= t.cautionRegionShare) {
    caution.push(
      `写真の${positionLabel(largest.centre)}に、ひとつながりの肌色の部分があります（写真の ${wholePercent(largest.share)}%）。`,
    );
  }

  if (danger.length > 0) return { level: 'danger', reasons: [...danger, ...caution] };
  if (caution.length > 0) return { level: 'caution', reasons: caution };
  return {
    level: 'safe',
    reasons: [
      `肌色の面積は写真の ${percent}% で、「注意」の目安の ${wholePercent(t.cautionShare)}% を下回っています。`,
      'ひとつながりの大きな肌色の部分は見つかりませんでした。',
    ],
  };
}
