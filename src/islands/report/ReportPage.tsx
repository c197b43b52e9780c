/**
 * /report?target={collection}/{id}, reached from 「このプロフィールを報告」
 * links: behind the sign-in guard, it names what is reported and shows
 * the form; a missing or malformed target gets an explanation instead.
 */
import { reportTargetFrom, reportTargetLabel, type ReportTargets } from '../../lib/reports/report';
import { RequireSignIn } from '../account/RequireSignIn';
import { FormAlert } from '../forms/FormAlert';
import { ReportForm } from './ReportForm';

/** `targets`: what can be reported, and what each is called (src/registry/reports.ts, from the page). */
export function ReportPage({ targets }: { targets: ReportTargets }) {
  return (
    <RequireSignIn>
      {({ user }) => {
        const target = reportTargetFrom(location.search, targets);
        if (!target) {
          return (
            <FormAlert kind="error">
              報告する対象がわかりませんでした。報告したいページの「このプロフィールを報告」などのリンクから、もう一度開いてください。
            </FormAlert>
          );
        }
        return (
          <div className="space-y-4">
            <p data-testid="report-target">
              報告の対象：<span className="font-bold">{reportTargetLabel(target, targets)}</span>
              <span className="ml-2 text-sm break-all text-gray-600 dark:text-gray-400">（{target}）</span>
            </p>
            <ReportForm user={user} target={target} />
          </div>
        );
      }}
    </RequireSignIn>
  );
}
