import { Button } from '../ui/Button';

/** Says that unsaved changes from earlier were restored, with 破棄 to go back to the saved profile. */
export function DraftNotice({ onDiscard }: { onDiscard(): void }) {
  return (
    <div
      role="status"
      data-testid="profile-draft-restored"
      className="notice notice-warning flex flex-wrap items-center justify-between gap-2"
    >
      <p>保存していない変更を復元しました。保存するまで公開ページには反映されません。</p>
      <Button variant="secondary" className="border-current font-medium" onClick={onDiscard}>
        破棄
      </Button>
    </div>
  );
}
