/** What a user-dependent island shows until the sign-in state is first known. */
export function AuthPending({ label = 'ログイン状態を確認しています…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-48 flex-col items-center justify-center gap-3 text-gray-700 dark:text-gray-300">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700 motion-reduce:animate-none dark:border-blue-900 dark:border-t-blue-300"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
