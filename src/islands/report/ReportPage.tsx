/**
 * /report?target={collection}/{id}, reached from 「このプロフィールを報告」
 * links: behind the sign-in guard, it names what is reported and shows
 * the form; a missing or malformed target gets an explanation instead.
 */
import { useEffect, useState } from 'react';
import { loadReportTargetName } from '../../lib/reports/client';
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
            <ReportTarget target={target} targets={targets} />
            <ReportForm user={user} target={target} />
          </div>
        );
      }}
    </RequireSignIn>
  );
}

/** 「報告の対象：ブログ記事「今日の出勤」」: what is reported, in words (its kind until its name has loaded, or if it cannot). */
function ReportTarget({ target, targets }: { target: string; targets: ReportTargets }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadReportTargetName(target).then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, [target]);
  return (
    <p data-testid="report-target" data-loaded={name !== null || undefined} className="break-words">
      報告の対象：{reportTargetLabel(target, targets)}
      {name !== null && <span className="font-bold">「{name}」</span>}
    </p>
  );
}
