/** The pixel rules' findings: verdict badge and reasons, skin share, largest regions. */
import type { SkinRegion } from '../../lib/skin/regions';
import { RISK_LABELS, positionLabel, wholePercent, type RiskLevel, type Verdict } from '../../lib/skin/verdict';

/** Regions smaller than this share of the photo are specks, not worth listing. */
const LISTED_REGION_SHARE = 0.01;

const BADGE_CLASSES: Record<RiskLevel, string> = {
  safe: 'bg-green-700 text-white',
  caution: 'bg-amber-400 text-gray-950',
  danger: 'bg-red-700 text-white',
};

interface Props {
  skinShare: number;
  regions: readonly SkinRegion[];
  verdict: Verdict;
}

export default function SkinReport({ skinShare, regions, verdict }: Props) {
  const listed = regions.filter((region) => region.share >= LISTED_REGION_SHARE);
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="text-sm font-medium text-gray-700 dark:text-gray-300">判定</span>
        <span
          data-testid="verdict"
          data-level={verdict.level}
          className={`rounded-full px-4 py-1 text-lg font-bold ${BADGE_CLASSES[verdict.level]}`}
        >
          {RISK_LABELS[verdict.level]}
        </span>
      </div>
      <ul className="list-disc space-y-1 pl-5">
        {verdict.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium text-gray-700 dark:text-gray-300">肌色の割合</dt>
        <dd data-testid="skin-share" className="text-lg font-bold">
          {wholePercent(skinShare)}%
        </dd>
        <dt className="font-medium text-gray-700 dark:text-gray-300">肌色のまとまり</dt>
        <dd>
          {listed.length === 0 ? (
            'ありません'
          ) : (
            <ol data-testid="regions" className="list-decimal space-y-1 pl-5">
              {listed.map((region, index) => (
                <li key={index}>
                  {positionLabel(region.centre)}：写真の {wholePercent(region.share)}%
                </li>
              ))}
            </ol>
          )}
        </dd>
      </dl>
    </div>
  );
}
