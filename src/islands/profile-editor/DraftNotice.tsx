/** Says that unsaved changes from earlier were restored, with 破棄 to go back to the saved profile. */
export function DraftNotice({ onDiscard }: { onDiscard(): void }) {
  return (
    <div
      role="status"
      data-testid="profile-draft-restored"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>保存していない変更を復元しました。保存するまで公開ページには反映されません。</p>
      <button
        type="button"
        onClick={onDiscard}
        className="min-h-11 cursor-pointer rounded-md border border-amber-700 px-4 font-medium hover:bg-amber-100 dark:border-amber-400 dark:hover:bg-amber-900"
      >
        破棄
      </button>
    </div>
  );
}
