/** What a user-dependent island shows until the sign-in state is first known. */
export function AuthPending({ label = 'ログイン状態を確認しています…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-48 flex-col items-center justify-center gap-3 text-gray-700 dark:text-gray-300">
      <span
        aria-hidden="true"
        className="border-brand-200 border-t-brand-700 dark:border-brand-900 dark:border-t-brand-300 size-10 animate-spin rounded-full border-4 motion-reduce:animate-none"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
